"""What the judge does while the calculator is busy, or after leaving it, is never lost:

- a card text is read (the box left after typing) while the judge adds a card and types
  its values: the card is added before the read starts (and read with the form), the
  form's controls wait, disabled, while "Reading the text…" shows at the box, and
  what is typed after the read stays; the box tapped when leaving the card-text box
  stays enabled, and what is typed in it during the read stays; a read that fails says so at the box and gives
  the controls back with what was entered;
- a field changed after a ruling (form and ruling side by side at 1280 px) marks the
  ruling as stale, with a notice, until a new ruling replaces it;
- Back to a form whose rows were added in place brings the rows back with what was
  typed in them, so that the count and the rows agree and the ruling is given; Back to a
  form with one row removed and another added brings back the rows as left (not the
  page's rows filled by name) and marks the ruling shown as given on other entries.
"""

from playwright.sync_api import expect

SCENARIO = "/calculator/power-duell/situation/"
START = "?guardians=1&guardians-0-base_planet=venus&monsters=1&monsters-0-planet=venus&effects=0"
RULED = ("?guardians=1&guardians-0-base_planet=venus&monsters=1&monsters-0-planet=venus"
         "&monsters-0-ap=100&monsters-0-dp=100&effects=0")
ROWS = "fieldset[data-group=monsters] > [data-group-items] > [data-group-item]"
ADD_MONSTER = "fieldset[data-group=monsters] > [data-group-add] button"


def test_a_card_added_and_typed_while_a_text_is_read_is_kept(journey, language):
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SCENARIO}{START}")
    held = []
    # the server answers the read only after the judge has acted
    page.route("**/*_read=*", lambda route: held.append(route))
    page.locator("#f-guardians-0-card_text").fill("Wirkung: +10 AP")
    # leaving the box by tapping "Add": the card is added, then the text read
    page.locator(ADD_MONSTER).click()
    expect(page.locator(ROWS)).to_have_count(2)
    page.wait_for_function("() => document.querySelector('#f-monsters-1-planet').disabled")
    reading = page.locator("#calculator-form").get_attribute("data-reading")
    assert reading
    status = page.locator("#f-guardians-0-card_text").locator(
        "xpath=ancestor::div[contains(@class,'field--text')]").locator("[data-reading-status]")
    expect(status).to_have_text(reading)
    expect(status).to_have_attribute("role", "status")
    expect(page.locator("#f-monsters-0-planet")).to_be_disabled()
    _wait_for(page, held)
    assert len(held) == 1 and "monsters=2" in held[0].request.url
    held[0].continue_()
    # typed once the read is answered (the fields wait until then): kept
    page.locator("#f-monsters-1-planet").select_option("mars")
    page.locator("#f-monsters-1-ap").fill("555")
    expect(page.locator(".card-reading")).to_be_visible()
    expect(page.locator(ROWS)).to_have_count(2)
    expect(page.locator("#f-monsters-1-ap")).to_have_value("555")
    expect(page.locator("#f-monsters-1-planet")).to_have_value("mars")
    expect(page.locator("#f-guardians-0-wirkung_attribute")).to_have_value("ap")
    expect(page.locator("#f-guardians-0-wirkung_amount")).to_have_value("10")
    expect(page.locator("#f-monsters-0-planet")).to_be_enabled()
    expect(status).to_have_text("")


def _left_for_the_next_box(journey, language):
    """The page at 390 px with a card text typed and its box left by tapping monster 1's AP:
    the read sent and held (the held route returned), the other controls waiting."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SCENARIO}{START}")
    held = []
    page.route("**/*_read=*", lambda route: held.append(route))
    page.locator("#f-guardians-0-card_text").fill("Wirkung: +10 AP")
    page.locator("#f-monsters-0-ap").click()
    page.wait_for_function("() => document.querySelector('#f-monsters-0-planet').disabled")
    _wait_for(page, held)
    return page, held


def _wait_for(page, held: list) -> None:
    """Until the held read has reached the route (its handler runs as the page's events are
    taken: the form is held before the request is sent)."""
    for _ in range(100):
        if held:
            return
        page.wait_for_timeout(50)


def test_what_is_typed_in_the_next_box_while_a_text_is_read_is_kept(journey, language):
    """The judge leaves the card-text box by tapping the next box and types on: that box
    stays enabled during the read (the others wait), and what was typed in it is in the
    form the answer brings, with the focus still there."""
    page, held = _left_for_the_next_box(journey, language)
    assert len(held) == 1
    expect(page.locator("#f-monsters-0-ap")).to_be_enabled()
    expect(page.locator("#f-monsters-0-ap")).to_be_focused()
    # the boxes that wait look so (a breaker typed into one that looked editable)
    waiting = page.locator("#f-monsters-0-dp")
    expect(waiting).to_be_disabled()
    assert float(waiting.evaluate("e => getComputedStyle(e).opacity")) < 1
    assert float(page.locator("#f-monsters-0-ap").evaluate(
        "e => getComputedStyle(e).opacity")) == 1
    page.keyboard.type("420")
    held[0].continue_()
    expect(page.locator(".card-reading")).to_be_visible()
    expect(page.locator("#f-guardians-0-wirkung_amount")).to_have_value("10")
    expect(page.locator("#f-monsters-0-ap")).to_have_value("420")
    expect(page.locator("#f-monsters-0-ap")).to_be_focused()
    expect(page.locator("#f-monsters-0-planet")).to_be_enabled()
    page.keyboard.type("1")
    expect(page.locator("#f-monsters-0-ap")).to_have_value("4201")


def test_a_ruling_asked_for_during_a_read_is_given_on_what_was_typed_meanwhile(journey,
                                                                             language):
    """A breaker's finding: digits typed in the next box during the read, then "Get the
    ruling" tapped before the read was answered: the ruling was given on the value as sent
    with the read, and the digits typed after it were lost."""
    page, held = _left_for_the_next_box(journey, language)
    page.keyboard.type("35")
    expect(page.locator("#f-monsters-0-planet")).to_be_disabled()  # the read is still held
    assert len(held) == 1
    page.locator(".calculator__actions button[type=submit]").click()
    with page.expect_response(lambda r: "monsters-0-ap=35" in r.url and "_read" not in r.url):
        held[0].continue_()
    expect(page.locator("#f-monsters-0-ap")).to_have_value("35")
    expect(page.locator("#ruling [data-ruling]")).to_be_visible()
    assert "monsters-0-ap=35" in page.url


def test_a_read_that_fails_says_so_at_the_box_and_keeps_the_entries(journey, language):
    page = journey.page
    journey.goto(f"/{language}{SCENARIO}{START}")
    page.route("**/*_read=*", lambda route: route.abort())
    page.locator("#f-monsters-0-ap").fill("321")
    page.locator("#f-guardians-0-card_text").fill("Wirkung: +10 AP")
    page.locator("#f-guardians-0-card_text").blur()
    failed = page.locator("#calculator-form").get_attribute("data-read-failed")
    alert = page.locator(".field--text .field__read-failed")
    expect(alert).to_have_text(failed)
    expect(alert).to_have_attribute("role", "alert")
    expect(page.locator("#f-monsters-0-ap")).to_be_enabled()
    expect(page.locator("#f-monsters-0-ap")).to_have_value("321")
    expect(page.locator("#f-guardians-0-card_text")).to_have_value("Wirkung: +10 AP")
    # the aborted request (and htmx's log of it) is the point of this journey, not a
    # fault of the page
    journey.console_errors[:] = [error for error in journey.console_errors
                                 if "_read=" not in error and "htmx:" not in error
                                 and "ERR_FAILED" not in error]


def test_a_ruling_beside_a_changed_form_is_marked_stale(journey, language):
    page = journey.page
    page.set_viewport_size({"width": 1280, "height": 900})
    journey.goto(f"/{language}{SCENARIO}{RULED}")
    region = page.locator("#ruling")
    expect(region.locator("[data-ruling]")).to_be_visible()
    expect(region.locator(".ruling-region__changed")).to_have_count(0)
    page.locator("#f-monsters-0-ap").fill("500")
    changed = page.locator("#calculator-form").get_attribute("data-changed")
    assert changed
    expect(region.locator(".ruling-region__changed")).to_have_text(changed)
    expect(region).to_have_class("ruling-region ruling-region--stale")
    # still the old ruling: 100 AP
    expect(region.locator(".ruling-value dd").first).to_be_visible()
    with page.expect_response(lambda r: "monsters-0-ap=500" in r.url):
        page.locator(".calculator__actions button[type=submit]").click()
    expect(region.locator(".ruling-region__changed")).to_have_count(0)
    expect(region).to_have_class("ruling-region")
    assert "monsters-0-ap=500" in page.url
    expect(region.locator("[data-ruling]")).to_contain_text("500")


def test_a_ruling_asked_for_offline_keeps_the_layout_and_its_notice_goes_with_the_next(
        journey, language):
    """A breaker's finding: at 1280 px the "no connection" notice was put beside the ruling
    region, took the right-hand column and pushed the ruling under the form, and stayed
    after the next ruling arrived."""
    page = journey.page
    page.set_viewport_size({"width": 1280, "height": 900})
    journey.goto(f"/{language}{SCENARIO}{RULED}")
    region = page.locator("#ruling")
    expect(region.locator("[data-ruling]")).to_be_visible()
    left = region.bounding_box()["x"]
    assert left > 400  # beside the form
    page.context.set_offline(True)
    page.locator("#f-monsters-0-ap").fill("500")
    page.locator(".calculator__actions button[type=submit]").click()
    notice = page.locator("#needs-connection-notice")
    expect(notice).to_be_visible()
    assert notice.evaluate("n => n.parentElement.id") == "ruling"
    assert region.bounding_box()["x"] == left
    page.context.set_offline(False)
    with page.expect_response(lambda r: "monsters-0-ap=500" in r.url):
        page.locator(".calculator__actions button[type=submit]").click()
    expect(region.locator("[data-ruling]")).to_contain_text("500")
    expect(notice).to_have_count(0)
    assert region.bounding_box()["x"] == left
    # the failed request (and htmx's log of it) is the point of this journey
    journey.console_errors[:] = [error for error in journey.console_errors
                                 if "htmx:" not in error and "ERR_INTERNET_DISCONNECTED"
                                 not in error and "Failed to load" not in error]


def test_an_address_asking_for_more_rows_than_a_group_takes_shows_its_error(journey,
                                                                           language):
    """A breaker's finding: ?monsters=30 was answered 400 with its error, then the page's
    script asked for the form again with the rows shown, and the error was gone."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    response = page.goto(journey.url(f"/{language}{SCENARIO}?monsters=30"))
    assert response.status == 400
    summary = page.locator("#error-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("12")
    page.wait_for_timeout(300)  # a layout request would have been sent by now
    assert not any("_layout" in url for url in asked)
    expect(summary).to_be_visible()
    # the page's own 400 is on the console: that one is expected
    journey.console_errors[:] = [error for error in journey.console_errors
                                 if "400" not in error]


def test_back_to_a_form_with_a_row_added_in_place_brings_the_row_back(journey, language):
    page = journey.page
    journey.goto(f"/{language}{SCENARIO}{START}")
    page.locator("#f-monsters-0-ap").fill("100")
    page.locator("#f-monsters-0-dp").fill("100")
    _add_a_pluto_monster_leave_and_come_back(page)
    expect(page.locator("#f-monsters-1-ap")).to_have_value("777")
    expect(page.locator("#f-monsters-1-planet")).to_have_value("pluto")
    assert page.locator("fieldset[data-group=monsters] > [data-group-count] input").input_value() == "2"
    _ruled_with_the_added_monster(page)
    expect(page.locator("#error-summary")).to_have_count(0)


def _add_a_pluto_monster_leave_and_come_back(page):
    """Add monster 2 (Pluto, AP 777, DP 70) in place, leave the page, and come back to it."""
    page.locator(ADD_MONSTER).click()
    page.locator("#f-monsters-1-planet").select_option("pluto")
    page.locator("#f-monsters-1-ap").fill("777")
    page.locator("#f-monsters-1-dp").fill("70")
    with page.expect_navigation():
        page.locator("nav.breadcrumbs a").first.click()
    page.go_back()
    expect(page.locator(ROWS)).to_have_count(2)


def _ruled_with_the_added_monster(page):
    with page.expect_response(lambda r: "monsters-1-ap=777" in r.url):
        page.locator(".calculator__actions button[type=submit]").click()
    expect(page.locator("#ruling [data-ruling]")).to_contain_text("777")


def test_back_to_a_form_with_a_row_removed_and_one_added_brings_back_the_rows_as_left(
        journey, language):
    page = journey.page
    journey.goto(f"/{language}{SCENARIO}?guardians=1&guardians-0-base_planet=venus&monsters=2"
                 "&monsters-0-planet=venus&monsters-0-ap=100&monsters-0-dp=100"
                 "&monsters-1-planet=mars&monsters-1-ap=200&monsters-1-dp=50&effects=0")
    expect(page.locator("#ruling [data-ruling]")).to_be_visible()
    # the first monster removed, another added: two rows again, as the page came
    page.locator(ROWS).first.locator("[data-group-remove]").click()
    _add_a_pluto_monster_leave_and_come_back(page)
    expect(page.locator("#f-monsters-0-planet")).to_have_value("mars")
    expect(page.locator("#f-monsters-0-ap")).to_have_value("200")
    expect(page.locator("#f-monsters-0-dp")).to_have_value("50")
    expect(page.locator("#f-monsters-1-planet")).to_have_value("pluto")
    expect(page.locator("#f-monsters-1-ap")).to_have_value("777")
    expect(page.locator("#f-monsters-1-dp")).to_have_value("70")
    # the ruling shown was given on the entries before the change: marked so
    expect(page.locator("#ruling .ruling-region__changed")).to_be_visible()
    _ruled_with_the_added_monster(page)
    expect(page.locator("#ruling .ruling-region__changed")).to_have_count(0)


def test_a_second_card_text_typed_while_the_first_is_read_is_kept(journey, language):
    """Break-it round 21 F1: the judge leaves one card-text box for the next and types the
    second card's text while the first is read; the answer replaces the form (the focused
    box with it, which fires its change), and the typed text is kept whole."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SCENARIO}?guardians=2&guardians-0-base_planet=venus"
                 "&guardians-1-side=b&guardians-1-base_planet=erde&monsters=1"
                 "&monsters-0-planet=venus&effects=0")
    held = []
    page.route("**/*_read=*", lambda route: held.append(route))
    page.locator("#f-guardians-0-card_text").fill("Wirkung: +10 AP")
    page.locator("#f-guardians-1-card_text").click()
    page.wait_for_function("() => document.querySelector('#f-monsters-0-planet').disabled")
    page.keyboard.type("Wirkung: +10 DP")
    _wait_for(page, held)
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".card-reading")).to_be_visible()
    expect(page.locator("#f-guardians-0-wirkung_amount")).to_have_value("10")
    expect(page.locator("#f-guardians-1-card_text")).to_have_value("Wirkung: +10 DP")
    expect(page.locator("#f-guardians-1-card_text")).to_be_focused()
    page.keyboard.type(".")
    expect(page.locator("#f-guardians-1-card_text")).to_have_value("Wirkung: +10 DP.")


def test_a_first_ruling_asked_for_offline_does_not_speak_of_a_ruling_below(journey, language):
    """Break-it round 21 F4: with no ruling on the page yet, a failed request says the ruling
    could not be given, not that "the ruling below" is for earlier entries."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SCENARIO}")
    expect(page.locator("#ruling [data-ruling]")).to_have_count(0)
    page.context.set_offline(True)
    page.locator(".calculator__actions button[type=submit]").click()
    failed = page.locator(".ruling-region__failed")
    expect(failed).to_have_text(page.locator("#offline-banner").get_attribute(
        "data-ruling-not-given"))
    page.context.set_offline(False)
    journey.console_errors[:] = [error for error in journey.console_errors
                                 if "htmx:" not in error and "ERR_INTERNET_DISCONNECTED"
                                 not in error and "Failed to load" not in error]


def test_back_from_the_first_ruling_shows_the_form_as_filled(journey, language):
    """Break-it round 21 F5: Back from the first ruling (its address pushed by htmx) showed
    the form empty; the page kept in the history has what the judge entered."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SCENARIO}{START}&_layout=1")
    expect(page.locator("#ruling [data-ruling]")).to_have_count(0)
    page.locator("#f-monsters-0-ap").fill("120")
    page.locator("#f-monsters-0-dp").fill("80")
    page.locator(".calculator__actions button[type=submit]").click()
    expect(page.locator("#ruling [data-ruling]")).to_be_visible()
    page.go_back()
    expect(page.locator("#f-monsters-0-ap")).to_have_value("120")
    expect(page.locator("#f-monsters-0-dp")).to_have_value("80")


def test_another_language_keeps_the_entries_not_yet_ruled_on(journey, language):
    """Break-it round 21 F2: choosing another language before the ruling (or after changing
    the form) brought the form back empty or as last ruled on."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SCENARIO}{START}&_layout=1")
    page.locator("#f-monsters-0-ap").fill("120")
    other = next(code for code in ("de", "ru", "en") if code != language)
    link = page.locator(f"#language-switcher a[hreflang={other}]")
    if not link.is_visible():  # the phone menu holds the switcher
        page.locator(".site-menu__toggle, [aria-controls=site-menu]").first.click()
    link.click()
    page.wait_for_url(f"**/{other}{SCENARIO}**")
    expect(page.locator("#f-monsters-0-ap")).to_have_value("120")
    expect(page.locator("#ruling [data-ruling]")).to_have_count(0)


def test_the_focus_goes_to_what_was_read_after_read_the_text(journey, language):
    """Break-it round 21 F12: after "Read the text" was tapped the focus fell to the page (the
    button went with the answer); it goes to what was understood."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SCENARIO}{START}&_layout=1")
    page.locator("#f-guardians-0-card_text").fill("Wirkung: +10 AP")
    field = page.locator("#f-guardians-0-card_text").locator(
        "xpath=ancestor::div[contains(@class,'field--text')]")
    field.locator("button[name=_read]").click()
    expect(page.locator(".card-reading")).to_be_visible()
    expect(page.locator("#f-guardians-0-wirkung_amount")).to_have_value("10")
    expect(page.locator(".card-reading")).to_be_focused()
