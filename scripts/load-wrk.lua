-- wrk script for scripts/load-instances.sh (scripts/load.sh --instances): one route, every
-- answer outside 200–299 counted as an error (wrk's own "Non-2xx or 3xx" lets a 3xx pass).
--
--   wrk ... -s scripts/load-wrk.lua URL -- get PATH
--       GET PATH on every request.
--   wrk -tTHREADS ... -s scripts/load-wrk.lua URL -- review FILE THREADS
--       POST /api/v1/vocab/review/{pairId} with the JSON body of each line of FILE, a line being
--       COOKIE <tab> CSRF <tab> PAIRID <tab> BODY (as load-instances.sh's prepare step writes them:
--       ~20 accounts with ~50 pairs each). Each thread walks the lines in turn from its own
--       offset, so the writes spread over every account and pair.
--
-- At the end it prints one line for the calling script:
--   load-wrk: responses N, non-2xx M, statuses 200=…,503=…, first bad: STATUS BODY

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local requests = {}
local next_index = 1
responses = 0
bad = 0
statuses = {}
first_bad = ""

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do table.insert(fields, field) end
  return fields
end

function init(args)
  local mode, value = args[1], args[2]
  if mode == "get" then
    requests = { wrk.format("GET", value) }
  elseif mode == "review" then
    for line in io.lines(value) do
      local f = split(line)
      if #f >= 4 then
        table.insert(requests, wrk.format("POST", "/api/v1/vocab/review/" .. f[3], {
          ["Cookie"] = f[1],
          ["X-CSRF-Token"] = f[2],
          ["Content-Type"] = "application/json",
        }, f[4]))
      end
    end
  else
    error("load-wrk.lua: expected `get PATH` or `review FILE` after --")
  end
  if #requests == 0 then error("load-wrk.lua: nothing to send") end
  -- Thread i of n starts i/n of the way through the list, so threads do not send the same pair at once.
  local count = tonumber(args[3] or "1") or 1
  next_index = (math.floor((id or 0) * #requests / count) % #requests) + 1
end

function request()
  local r = requests[next_index]
  next_index = next_index + 1
  if next_index > #requests then next_index = 1 end
  return r
end

function response(status, headers, body)
  responses = responses + 1
  statuses[status] = (statuses[status] or 0) + 1
  if status < 200 or status > 299 then
    bad = bad + 1
    if first_bad == "" then
      first_bad = tostring(status) .. " " .. string.sub(tostring(body or ""):gsub("[\r\n\t]", " "), 1, 200)
    end
  end
end

function done(summary, latency, reqs)
  local total, nonok, all, first = 0, 0, {}, ""
  for _, thread in ipairs(threads) do
    total = total + (thread:get("responses") or 0)
    nonok = nonok + (thread:get("bad") or 0)
    local s = thread:get("statuses") or {}
    for code, n in pairs(s) do all[code] = (all[code] or 0) + n end
    local f = thread:get("first_bad") or ""
    if first == "" and f ~= "" then first = f end
  end
  local codes = {}
  for code, n in pairs(all) do table.insert(codes, tostring(code) .. "=" .. tostring(n)) end
  table.sort(codes)
  io.write(string.format("load-wrk: responses %d, non-2xx %d, statuses %s, first bad: %s\n",
    total, nonok, table.concat(codes, ","), first == "" and "none" or first))
end
