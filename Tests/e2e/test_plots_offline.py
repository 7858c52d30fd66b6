"""Plots' Keep without a connection, at phone size with the service worker offline too: the plot
is kept on the device and the button says so, a reload offline still says so, and back online it
is saved by itself; a Keep sent late after the same plot was let go on another device yields, and
the page says so.
"""

from __future__ import annotations

from conftest import _chrome
from test_everywhere import go_offline, go_online, open_offline, wait_until_kept
from test_monologues import click, element, eventually, log_in, new_username, register, visit
from test_vocabulary_offline import fetch


def kept_ids(driver) -> list[str]:
    status, body = fetch(driver, "GET", "/api/v1/plots/kept", None)
    assert status == 200, (status, body)
    return [item["ids"] for item in body["items"]]


def test_keep_waits_on_the_device_and_a_later_change_wins(phone, folio_url):
    driver, base = phone, folio_url
    user = new_username()
    register(driver, base, user)
    visit(driver, base, "/plots/917484202")
    element(driver, "#keep-plot")
    wait_until_kept(driver, "/plots/917484202")
    ids = element(driver, "#keep-ids").get_attribute("value")

    sessions = go_offline(driver)
    try:
        open_offline(driver, base, "/plots/917484202")
        click(driver, "#keep-plot")
        eventually(driver, lambda: element(driver, "#plot-share-status").text, lambda t: "kept on this device" in t,
                   "the page to say the plot waits on the device")
        assert element(driver, "#keep-plot").text == "Kept on this device"
        open_offline(driver, base, "/plots/917484202")
        eventually(driver, lambda: element(driver, "#keep-plot").text, lambda t: t == "Kept on this device", "the waiting Keep after a reload")
    finally:
        go_online(driver, sessions)
    eventually(driver, lambda: element(driver, "#plot-share-status").text, lambda t: t.startswith("Kept:"), "the waiting Keep to be saved")
    assert element(driver, "#keep-plot").text == "Kept ★"
    assert kept_ids(driver) == [ids]

    # Kept again offline, while another device lets it go: the later change stands.
    visit(driver, base, "/plots/917484202")
    sessions = go_offline(driver)
    try:
        click(driver, "#keep-plot")
        eventually(driver, lambda: element(driver, "#keep-plot").text, lambda t: t == "Kept on this device", "the waiting Keep")
        other = _chrome(mobile=False)
        try:
            log_in(other, base, user)
            visit(other, base, "/plots/kept")
            click(other, ".kept-plot button")
            eventually(other, lambda: kept_ids(other), lambda kept: kept == [], "the other device to let the plot go")
        finally:
            other.quit()
    finally:
        go_online(driver, sessions)
    eventually(driver, lambda: element(driver, "#plot-share-status").text, lambda t: "later change from another device stands" in t,
               "the page to say the later change stands")
    assert element(driver, "#keep-plot").text == "Keep"
    assert kept_ids(driver) == []


def test_remove_waits_on_the_device_and_goes_once_back_online(phone, folio_url):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, "/plots/917484202")
    click(driver, "#keep-plot")
    eventually(driver, lambda: element(driver, "#keep-plot").text, lambda t: t == "Kept ★", "the plot kept online")
    visit(driver, base, "/plots/kept")
    wait_until_kept(driver, "/plots/kept")

    sessions = go_offline(driver)
    try:
        open_offline(driver, base, "/plots/kept")
        click(driver, ".kept-plot button")
        eventually(driver, lambda: element(driver, "#kept-status").text, lambda t: "removed on this device" in t,
                   "the page to say the removal waits on the device")
        assert not element(driver, ".kept-plot").is_displayed()
        # The kept copy of the page still lists the plot; the device does not show it.
        open_offline(driver, base, "/plots/kept")
        eventually(driver, lambda: element(driver, ".kept-plot").is_displayed(), lambda shown: not shown, "the removal after a reload")
        assert element(driver, "#kept-empty").is_displayed()
        # A plot kept offline is listed as kept on this device, and Remove takes the Keep back.
        open_offline(driver, base, "/plots/42")
        click(driver, "#keep-plot")
        eventually(driver, lambda: element(driver, "#keep-plot").text, lambda t: t == "Kept on this device", "the Keep offline")
        open_offline(driver, base, "/plots/kept")
        eventually(driver, lambda: element(driver, ".kept-here").text, lambda t: "Kept on this device" in t, "the plot kept here, listed")
        assert element(driver, "#kept-count").text == "1 plot kept"
        click(driver, ".kept-here button")
        eventually(driver, lambda: driver.find_elements("css selector", ".kept-here"), lambda rows: not rows, "the Keep taken back")
    finally:
        go_online(driver, sessions)
    eventually(driver, lambda: element(driver, "#kept-status").text, lambda t: "Removed from your kept plots: “" in t,
               "the waiting removal to be saved")
    assert kept_ids(driver) == []
