"""Judge journeys with the scenario calculator, in real Chromium, in each UI
language: judge case BK-7 of /work/shared/cases/README.md (may a creature in
the play zone declare a simple strike in its owner's Choice sub-phase of the
Main phase?  Yes, by clause 107.2).

- open the calculator from the main navigation and evaluate the case with
  htmx: only the ruling region changes, the address takes the query, and
  reloading it gives the same ruling;
- the same with JavaScript disabled (``no_script_journey``);
- follow a citation of a ruling step to its clause, and expand a cited
  clause's text in place;
- keyboard only: every field is reached with Tab and found by
  ``page.get_by_label``, and the form is submitted with the keyboard;
- at a table on a phone (390 px): after "Get the ruling" the ruling is in
  the viewport and has focus, with htmx and on a whole page;
- the Marvel Champions board adds and removes minions in place, without a
  page load, and the ruling uses them.
"""

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import expect

NAV_CALCULATOR = {"de": "Rechner", "ru": "Калькулятор", "en": "Calculator"}
MAIN_NAVIGATION = {"de": "Hauptnavigation", "ru": "Основная навигация", "en": "Main navigation"}
TIMING = {"de": "Einfacher Schlag, Heranrücken und Verteidiger: Zeitpunkt",
          "ru": "Простой удар, закрытие и защитник: время объявления",
          "en": "Simple strike, closing and defender: timing"}
# BK-7 (a): the labels of the timing scenario's fields and the option chosen.
BK_7A = {
    "de": [("Kartentyp", "creature"), ("Untertyp", "non-flying"), ("Wessen Zug", "own"),
           ("Phase", "main"), ("Unterphase der Hauptphase", "choice"),
           ("Ansage eines einfachen Schlags", "none")],
    "ru": [("Тип карты", "creature"), ("Подтип", "non-flying"), ("Чей ход", "own"),
           ("Фаза", "main"), ("Подфаза Главной фазы", "choice"),
           ("Объявляемый простой удар", "none")],
    "en": [("Card type", "creature"), ("Subtype", "non-flying"), ("Whose turn", "own"),
           ("Phase", "main"), ("Sub-phase of the Main phase", "choice"),
           ("Simple strike being declared", "none")],
}
IN_PLAY_ZONE = {"de": "Die Karte ist in der Spielzone", "ru": "Карта находится в игровой зоне",
                "en": "The card is in the play zone"}
PREVENTED = {"de": "Eine Besonderheit hindert die Karte an der Nutzung von",
             "ru": "Особенность не даёт карте использовать",
             "en": "A feature stops the card from using"}
RULES_AS_OF = {"de": "Regeln mit Stand vom", "ru": "Правила на дату", "en": "Rules as of"}
SUBMIT = {"de": "Urteil ermitteln", "ru": "Получить решение", "en": "Get the ruling"}
SIMPLE_STRIKE = {"de": "Angriff mit einfachem Schlag", "ru": "атака простым ударом",
                 "en": "attack with a simple strike"}
YES = {"de": "ja", "ru": "да", "en": "yes"}
SHOW_TEXT = {"de": "Regeltext anzeigen", "ru": "Показать текст пункта",
             "en": "Show the clause text"}
TIMING_PATH = "/calculator/berserk/timing/"
# A checkbox sends "off" from the hidden input before it, then "on" when ticked.
BK_7A_QUERY = {"card_type": ["creature"], "card_subtype": ["non-flying"],
               "in_play_zone": ["off", "on"],
               "turn": ["own"], "phase": ["main"], "subphase": ["choice"],
               "strike_declared": ["none"]}
# The last sentence of 107.2 in each reader's language (the Russian original,
# the site's unofficial translations).
CLAUSE_107_2 = {"ru": "Они могут быть объявлены игроком только в подфазу Выбора Главной фазы его хода.",
                "de": "Sie können von einem Spieler nur in der Auswahl-Unterphase der Hauptphase",
                "en": "They can be declared by a player only in the Choice subphase of the Main phase"}


def field(page, label):
    """The form field labelled ``label`` (a required field's label ends in " *", one
    required in some situations in " (* <when>)")."""
    return page.get_by_label(re.compile(rf"^{re.escape(label)}( \*| \(\* [^)]+\))?$"))


def open_timing_scenario(journey, language):
    """Home page → main navigation → calculator → the timing scenario."""
    page = journey.page
    journey.goto(f"/{language}/")
    page.get_by_role("navigation", name=MAIN_NAVIGATION[language]).get_by_role(
        "link", name=NAV_CALCULATOR[language]).click()
    expect(page).to_have_url(journey.url(f"/{language}/calculator/"))
    page.get_by_role("link", name=TIMING[language]).click()
    expect(page).to_have_url(journey.url(f"/{language}{TIMING_PATH}"))


def fill_bk_7a(page, language):
    for label, value in BK_7A[language]:
        field(page, label).select_option(value)
    field(page, IN_PLAY_ZONE[language]).check()


def simple_strike_value(page, language):
    """The ruling's answer to "may it declare a simple strike?"."""
    return page.locator(".ruling-value").filter(
        has=page.locator("dt", has_text=SIMPLE_STRIKE[language])).locator("dd")


def assert_bk_7a_ruling(page, language):
    expect(simple_strike_value(page, language)).to_have_text(YES[language])
    # The step deciding the timing cites clause 107.2.
    expect(page.locator("#ruling .citation__key", has_text="107.2").first).to_be_visible()


def query_of(url):
    return {key: values for key, values in parse_qs(urlsplit(url).query).items()
            if key != "as_of"}


def test_evaluating_a_case_with_htmx_swaps_only_the_ruling(journey, language):
    page = journey.page
    open_timing_scenario(journey, language)
    expect(page.locator("#ruling .ruling")).to_have_count(0)
    fill_bk_7a(page, language)
    # Mark the form and the page: a swap of only the ruling region keeps both.
    page.evaluate("""() => {
        document.querySelector('.calculator__form').journeyMark = 'kept';
        window.journeyMark = 'same document';
    }""")
    with page.expect_response(lambda r: TIMING_PATH in r.url and "card_type=" in r.url) as answer:
        page.get_by_role("button", name=SUBMIT[language], exact=True).click()
    assert answer.value.request.headers.get("hx-target") == "ruling"
    assert_bk_7a_ruling(page, language)
    assert page.evaluate("document.querySelector('.calculator__form').journeyMark") == "kept"
    assert page.evaluate("window.journeyMark") == "same document"
    # The answer was the ruling region only, not a page.
    body = answer.value.text()
    assert "<html" not in body and 'class="ruling"' in body and "calculator__form" not in body
    # The address carries the inputs that differ from their defaults (the short
    # address to share); the form keeps the values entered.
    # ("in the play zone" is ticked by default, so it is left out)
    assert query_of(page.url) == {key: values[-1:] for key, values in BK_7A_QUERY.items()
                                  if key != "in_play_zone"}
    assert page.url == journey.url(page.locator(".share__link").get_attribute("href"))
    assert urlsplit(page.url).path == f"/{language}{TIMING_PATH}"
    expect(field(page, BK_7A[language][2][0])).to_have_value("own")
    ruling_text = page.locator("#ruling").inner_text()
    journey.screenshot("htmx")

    # Reloading the pushed address renders the same ruling as a whole page.
    page.reload()
    assert page.evaluate("window.journeyMark") is None
    assert_bk_7a_ruling(page, language)
    assert page.locator("#ruling").inner_text() == ruling_text
    expect(field(page, BK_7A[language][0][0])).to_have_value("creature")


def test_back_and_forward_show_each_ruling_beside_the_entries_it_rests_on(journey, language):
    """Back after a second ruling showed the first ruling beside a form emptied of what was
    typed (htmx restored its snapshot of the page, which holds no typed values; a breaker's
    table): every step of the history is now the page of its own address."""
    page = journey.page
    open_timing_scenario(journey, language)
    fill_bk_7a(page, language)
    page.get_by_role("button", name=SUBMIT[language], exact=True).click()
    expect(simple_strike_value(page, language)).to_have_text(YES[language])
    first_url = page.url
    field(page, BK_7A[language][2][0]).select_option("opponent")
    with page.expect_response(lambda r: "turn=opponent" in r.url):
        page.get_by_role("button", name=SUBMIT[language], exact=True).click()
    expect(simple_strike_value(page, language)).not_to_have_text(YES[language])
    values = page.locator("#ruling .ruling-value")
    second_url, second_values = page.url, values.all_inner_texts()
    page.go_back()
    expect(page).to_have_url(first_url)
    expect(simple_strike_value(page, language)).to_have_text(YES[language])
    for label, value in BK_7A[language]:
        expect(field(page, label)).to_have_value(value)
    page.go_forward()
    expect(page).to_have_url(second_url)
    expect(field(page, BK_7A[language][2][0])).to_have_value("opponent")
    expect(field(page, BK_7A[language][0][0])).to_have_value("creature")
    expect(simple_strike_value(page, language)).not_to_have_text(YES[language])
    assert values.all_inner_texts() == second_values


def test_evaluating_a_case_without_javascript(no_script_journey, language):
    journey = no_script_journey
    page = journey.page
    open_timing_scenario(journey, language)
    fill_bk_7a(page, language)
    page.get_by_role("button", name=SUBMIT[language], exact=True).click()
    expect(page).to_have_url(re.compile(re.escape(TIMING_PATH) + r"\?"))
    assert query_of(page.url) == BK_7A_QUERY
    assert_bk_7a_ruling(page, language)
    # the text as shown needs the style sheets (the print-only lines are hidden on screen):
    # on a loaded machine the text was read before they applied (a CI run)
    page.wait_for_load_state("load")
    ruling_text = page.locator("#ruling").inner_text()
    page.reload(wait_until="load")
    assert page.locator("#ruling").inner_text() == ruling_text
    # Without scripts a citation's details still open and link to the clause.
    # Each clause is listed once, below the steps that rely on it.
    step = page.locator("#ruling .citation").filter(
        has=page.locator(".citation__key", has_text="107.2"))
    step.locator("summary").first.click()
    step.locator(".citation__text a").first.click()
    expect(page).to_have_url(journey.url(f"/{language}/berserk/comprehensive-rules/107.2/"))
    expect(page.locator("#main .clause__text")).to_contain_text(CLAUSE_107_2[language])


def test_following_a_citation_and_expanding_a_clause_in_place(journey, language):
    page = journey.page
    query = urlencode(BK_7A_QUERY, doseq=True)
    journey.goto(f"/{language}{TIMING_PATH}?{query}")
    step = page.locator("#ruling .citation").filter(
        has=page.locator(".citation__key", has_text="107.2")).first
    details = step.locator("details.citation__details").first
    # Expanding the clause text asks the server for that clause only and
    # shows it inside the step, without leaving the ruling.
    with page.expect_response(lambda r: "/calculator/clause/berserk/comprehensive-rules/107.2/"
                              in r.url) as fragment:
        details.get_by_text(SHOW_TEXT[language]).click()
    assert fragment.value.status == 200
    expect(details.locator(".citation__text")).to_contain_text(CLAUSE_107_2[language])
    expect(page).to_have_url(re.compile(re.escape(TIMING_PATH) + r"\?"))
    journey.screenshot("expanded")
    # The citation is a permalink to the clause page.
    step.locator("a.citation__key", has_text="107.2").click()
    expect(page).to_have_url(journey.url(f"/{language}/berserk/comprehensive-rules/107.2/"))
    expect(page.locator("h1 .clause__key")).to_have_text("107.2")
    expect(page.locator("#main .clause__text")).to_contain_text(CLAUSE_107_2[language])


def test_keyboard_only_use_of_the_calculator(journey, language):
    page = journey.page
    journey.goto(f"/{language}{TIMING_PATH}")
    labels = [label for label, _value in BK_7A[language]] + [IN_PLAY_ZONE[language],
                                                             RULES_AS_OF[language]]
    fields = {label: field(page, label) for label in labels}
    for label, item in fields.items():
        expect(item, label).to_have_count(1)
        expect(item, label).to_be_visible()
    prevented = page.get_by_role("group", name=PREVENTED[language])
    expect(prevented.get_by_role("checkbox")).to_have_count(3)
    # Walk the page with Tab from the form's first field: every field of the
    # form is reached, in the order of the page.
    fields[labels[0]].focus()
    reached = []
    for _ in range(40):
        reached.append(page.evaluate("""() => {
            const el = document.activeElement;
            return el && el.closest('.calculator__form') ? el.id : null; }"""))
        if reached[-1] == "f-as_of":
            break
        page.keyboard.press("Tab")
    form_fields = page.evaluate("""() => Array.from(
        document.querySelectorAll('.calculator__form select, .calculator__form input'))
        .filter(el => el.type !== 'hidden').map(el => el.id)""")
    assert [item for item in reached if item] == form_fields
    # Fill in the case with the keyboard alone: arrow keys in a focused
    # select, Space on a checkbox.
    for label, value in BK_7A[language]:
        item = fields[label]
        item.focus()
        for _ in range(item.evaluate(f"el => el.querySelector('option[value=\"{value}\"]').index")):
            page.keyboard.press("ArrowDown")
        expect(item, label).to_have_value(value)
    # "In the play zone" is the field's default, so it starts ticked; Space toggles it.
    expect(fields[IN_PLAY_ZONE[language]]).to_be_checked()
    fields[IN_PLAY_ZONE[language]].focus()
    page.keyboard.press("Space")
    expect(fields[IN_PLAY_ZONE[language]]).not_to_be_checked()
    page.keyboard.press("Space")
    expect(fields[IN_PLAY_ZONE[language]]).to_be_checked()
    # Enter in a field submits the form (the ruling, not a layout button).
    fields[labels[-1]].focus()
    page.keyboard.press("Enter")
    assert_bk_7a_ruling(page, language)
    # the short address: the values entered that differ from the defaults
    # ("in the play zone" is ticked by default, so it is left out)
    assert query_of(page.url) == {key: values[-1:] for key, values in BK_7A_QUERY.items()
                                  if key != "in_play_zone"}
    journey.screenshot("keyboard")


PHONE = {"width": 390, "height": 844}


def assert_ruling_in_view_and_focused(page):
    ruling = page.locator("#ruling .ruling")
    expect(ruling).to_be_focused()
    expect(page.locator("#ruling-heading")).to_be_in_viewport()
    box = page.locator("#ruling-heading").bounding_box()
    assert 0 <= box["y"] < PHONE["height"]


def test_on_a_phone_the_ruling_is_scrolled_into_view_and_focused(journey, language):
    page = journey.page
    page.set_viewport_size(PHONE)
    journey.goto(f"/{language}{TIMING_PATH}")
    fill_bk_7a(page, language)
    submit = page.get_by_role("button", name=SUBMIT[language], exact=True)
    submit.scroll_into_view_if_needed()
    with page.expect_response(lambda r: TIMING_PATH in r.url and "card_type=" in r.url) as answer:
        submit.click()
    assert answer.value.request.headers.get("hx-target") == "ruling"
    assert_ruling_in_view_and_focused(page)
    assert_bk_7a_ruling(page, language)
    journey.screenshot("phone-htmx")
    # The same address loaded as a whole page (a shared link, a reload).
    page.reload()
    assert_ruling_in_view_and_focused(page)
    journey.screenshot("phone-page")


def test_the_marvel_board_adds_and_removes_minions_in_place(journey, language):
    page = journey.page
    journey.goto(f"/{language}/calculator/marvel-champions/situation/")
    page.evaluate("window.journeyMark = 'same document'")
    minions = page.locator('fieldset[data-group="minions"]')
    rows = minions.locator("[data-group-item]")
    expect(rows).to_have_count(0)
    expect(minions.locator("[data-group-count]")).to_be_hidden()  # the no-JS count
    def page_requests():
        # what the calculator asks the server (the service worker may fetch
        # its own files meanwhile)
        return [url for url in journey.requests if "/calculator/" in url and "/static/" not in url]

    requests = len(page_requests())
    add = minions.locator("[data-group-add-button]")
    add.click()
    expect(rows).to_have_count(1)
    expect(page.locator("#f-minions-0-damage")).to_be_focused()
    add.click()
    expect(rows).to_have_count(2)
    expect(page.locator("#f-minions-1-damage")).to_be_focused()
    page.locator("#f-minions-1-damage").fill("3")
    assert len(page_requests()) == requests, "adding a row loads nothing"
    assert page.evaluate("window.journeyMark") == "same document"
    # Removing the first row renumbers the second: its fields are item 1 now.
    rows.first.locator("[data-group-remove]").click()
    expect(rows).to_have_count(1)
    expect(page.locator("#f-minions-0-damage")).to_have_value("3")
    expect(page.locator("#f-minions-1-damage")).to_have_count(0)
    expect(rows.first.locator("label[for='f-minions-0-damage']")).to_have_count(1)
    # An ability against that minion: the ruling comes from the rows entered.
    page.locator("#f-kind").select_option("card_ability")
    page.locator('fieldset[data-group="effects"] [data-group-add-button]').click()
    page.locator("#f-effects-0-verb").select_option("deal_damage")
    page.locator("#f-effects-0-amount").fill("2")
    page.locator("#f-effects-0-selector").select_option("one")
    page.locator("#f-effects-0-target_type").select_option("minion")
    assert len(page_requests()) == requests
    with page.expect_response(lambda r: "/marvel-champions/situation/?" in r.url):
        page.get_by_role("button", name=SUBMIT[language], exact=True).click()
    expect(page.locator("#ruling .verdict--complete")).to_be_visible()
    query = parse_qs(urlsplit(page.url).query)
    assert query["minions"] == ["1"] and query["minions-0-damage"] == ["3"]
    assert "minions-1-damage" not in query
    assert page.evaluate("window.journeyMark") == "same document"
    journey.screenshot("board")


@pytest.mark.parametrize("language", ["en"], indirect=True)
def test_removing_a_card_keeps_every_pick_on_the_card_it_named(journey, language):
    """A judge removes monster 1 of three: the effect that named monster 2 (Mars) names it
    as monster 1 now, and the target that named the removed card names none — never
    another card silently (a breaker's table: the ruling then changed Erde's DP)."""
    page = journey.page
    journey.goto(
        "/en/calculator/power-duell/situation/?guardians=0&monsters=3"
        "&monsters-0-planet=venus&monsters-0-ap=100&monsters-1-side=b&monsters-1-planet=mars"
        "&monsters-1-dp=50&monsters-2-side=b&monsters-2-planet=erde&monsters-2-dp=70"
        "&attacker=3&target=1&effects=1&effects-0-source=energy&effects-0-target_monster=2"
        "&effects-0-attribute=dp&effects-0-amount=5")
    monsters = page.locator('fieldset[data-group="monsters"] [data-group-item]')
    expect(monsters).to_have_count(3)
    monsters.first.locator("[data-group-remove]").click()
    expect(monsters).to_have_count(2)
    expect(page.locator("#f-effects-0-target_monster")).to_have_value("1")
    expect(page.locator("#f-attacker")).to_have_value("2")
    expect(page.locator("#f-target")).to_have_value("")
    # no option names a card that is gone
    assert page.locator("#f-target option").all_text_contents()[1:] == [
        "Monster cards — item 1", "Monster cards — item 2"]


# A reference situation with an open point (judge case PD-3 on the whole table: the
# negativ-positiv rule read two ways), entered as the worked example's address.
PD_TABLE_PATH = "/calculator/power-duell/situation/"
PD_TABLE_QUERY = (
    "guardians=1&guardians-0-base_planet=venus&guardians-0-left_planet=mars"
    "&guardians-0-right_planet=erde&guardians-0-wirkung_attribute=ap&guardians-0-wirkung_amount=20"
    "&monsters=2&monsters-0-planet=venus&monsters-0-ap=100&monsters-1-side=b"
    "&monsters-1-planet=erde&monsters-1-dp=100&attacker=1&target=2&effects=2"
    "&effects-0-source=energy&effects-0-source_side=b&effects-0-target_monster=2"
    "&effects-0-attribute=dp&effects-0-amount=10&effects-1-source=energy"
    "&effects-1-target_monster=1&effects-1-attribute=ap&effects-1-amount=10")
READING_2 = {"de": "oder 115, Lesart 2", "ru": "или 115, прочтение 2", "en": "or 115, reading 2"}


def assert_on_first_screen(locator):
    box = locator.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box


def test_on_a_phone_the_answer_is_on_the_first_screen(journey, language):
    page = journey.page
    page.set_viewport_size(PHONE)
    journey.goto(f"/{language}{PD_TABLE_PATH}?{PD_TABLE_QUERY}")
    submit = page.get_by_role("button", name=SUBMIT[language], exact=True)
    submit.scroll_into_view_if_needed()
    with page.expect_response(lambda r: PD_TABLE_PATH in r.url and "guardians=" in r.url):
        submit.click()
    assert_ruling_in_view_and_focused(page)
    answer = page.locator("#ruling .answer")
    assert_on_first_screen(answer.locator(".verdict"))
    values = answer.locator(".ruling-value:not(.other-values .ruling-value)")  # the decisive
    assert values.count() > 5
    for index in range(values.count()):
        assert_on_first_screen(values.nth(index))
    disputed = answer.locator(".ruling-value--disputed")
    expect(disputed.first).to_contain_text("120")
    expect(disputed.first.locator(".ruling-value__other")).to_have_text(f"· {READING_2[language]}")
    clause = answer.locator(".grounds a").first
    assert_on_first_screen(clause)
    assert re.search(r"/power-duell/schutzgottkarten/[^/]+/$", clause.get_attribute("href"))
    # the trace is collapsed on a phone: a step shows its decision, not its clauses
    first_step = page.locator(".steps--decided .step__details").first
    expect(first_step.locator(".step__refs")).to_be_hidden()
    first_step.locator("summary").click()
    expect(first_step.locator(".step__refs")).to_be_visible()
    # the address bar holds the short address, which the copy button copies
    assert len(page.url) < len(journey.url(f"/{language}{PD_TABLE_PATH}?{PD_TABLE_QUERY}")) + 40
    assert "=&" not in page.url
    expect(page.locator("[data-copy-link]")).to_be_visible()
    journey.screenshot("phone-answer")


MARVEL_UNREAD = ("/calculator/marvel-champions/situation/?card_text=Deal+2+damage+to+a+minion"
                 "+and+stun+it.+Retaliate+1.&kind=card_ability&effects=2"
                 "&effects-0-verb=deal_damage&effects-0-amount=2&effects-0-selector=one"
                 "&effects-0-target_type=minion&effects-1-verb=give_status"
                 "&effects-1-status=stunned&effects-1-selector=joint&minions=1")


def test_on_a_phone_a_card_text_not_understood_leaves_the_answer_on_the_first_screen(
        journey, language):
    """Every value of a ruling whose card text is not all understood holds under that
    condition: said once above the values, not after each (the clause links had fallen
    below the first screen in German and Russian; a breaker's table), and the elements
    each Marvel effect considered follow under "Other values"."""
    page = journey.page
    page.set_viewport_size(PHONE)
    journey.goto(f"/{language}{MARVEL_UNREAD}")
    answer = page.locator("#ruling .answer")
    expect(answer.locator(".values-condition")).to_have_count(1)
    values = answer.locator(".ruling-value:not(.other-values .ruling-value)")
    assert values.count() == 4  # can be initiated, requires a target, each effect's targets
    for index in range(values.count()):
        assert_on_first_screen(values.nth(index))
    assert_on_first_screen(answer.locator(".grounds a").first)
    journey.screenshot("phone-unread")


def test_on_a_wide_screen_the_steps_are_open(journey, language):
    page = journey.page
    page.set_viewport_size({"width": 1280, "height": 900})
    # a whole page from an address with defaults and empty fields (a form sent
    # before the script ran): the address bar takes the short address
    journey.goto(f"/{language}{PD_TABLE_PATH}?active_side=a&{PD_TABLE_QUERY}"
                 "&effects-0-operation=add&effects-1-target_guardian=&as_of=")
    expect(page).to_have_url(journey.url(f"/{language}{PD_TABLE_PATH}?{PD_TABLE_QUERY}"))
    expect(page.locator(".steps--decided .step__refs").first).to_be_visible()
