"""The table builder's measure: a judge at a table enters a reference situation on a
phone (390 × 844 px) in at most 15 taps and typed fields, and reads the answer on
the first screen.

Each situation comes from a worked example of the texts (../shared/seeds/) or a judge
case of ../shared/cases/README.md (its id is in the name), with the values the texts
give.  A journey drives the calculator only through :class:`Taps`, which counts every
click, tick and selection as one tap and every typed field as one field; typing a
card's printed text into its text box is one field (the box is read when the judge
leaves it, as "Read the text" does; leaving it by tapping "Get the ruling" reads it
and then rules).  "Get the ruling" is counted too.

After the ruling the test checks, with the boxes the browser lays out, that the
verdict, the decisive values and the cited clauses' links are inside the first
viewport (0 … 844 px), and that the values are the expected ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT, new_journey, shoot

PHONE = {"width": 390, "height": 844}
MOST_TAPS = 15
LANGUAGE = "en"


class Taps:
    """The judge's hands: each method is one tap or one typed field, and counts it."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.typed = 0

    @property
    def total(self) -> int:
        """Taps and typed fields together (what the measure limits)."""
        return self.taps + self.typed

    def select(self, name: str, value: str) -> None:
        """Pick ``value`` in the select of field ``name`` (one tap)."""
        self.page.locator(f"#f-{name}").select_option(value)
        self.taps += 1

    def check(self, name: str) -> None:
        """Tick the checkbox of field (or choice) ``name`` (one tap)."""
        self.page.locator(f"#f-{name}").check()
        self.taps += 1

    def type(self, name: str, text: str) -> None:
        """Type ``text`` into field ``name`` (one typed field)."""
        self.page.locator(f"#f-{name}").fill(text)
        self.typed += 1

    def card_text(self, name: str, text: str, *, leave: bool = True) -> None:
        """Type a card's printed text into its text box (one typed field).  Leaving the
        box reads it: with ``leave`` the box loses focus as it does when the judge
        taps the next field (that tap is counted where it is made) and the reading is
        waited for; without, the next tap is "Get the ruling", which reads the text
        first and then rules."""
        box = self.page.locator(f"#f-{name}")
        box.fill(text)
        self.typed += 1
        if leave:
            with self.page.expect_response(lambda r: "_read=" in r.url):
                box.blur()
            expect(self.page.locator(".card-reading")).to_be_visible()
            # what was understood stays on screen, not scrolled away by the filled fields
            expect(self.page.locator(".card-reading")).to_be_in_viewport()

    def add(self, group: str) -> None:
        """Add a card (an item) to group ``group`` in place (one tap)."""
        self.page.locator(f'fieldset[data-group="{group}"] > [data-group-add] button').click()
        self.taps += 1

    def remove(self, group: str, index: int) -> None:
        """Remove item ``index`` (0-based) of group ``group`` (one tap)."""
        self.page.locator(f'fieldset[data-group="{group}"] [data-group-item]').nth(
            index).locator("[data-group-remove]").click()
        self.taps += 1

    def more(self, prefix: str) -> None:
        """Open the "more" of the card whose fields start with ``prefix`` (one tap)."""
        self.page.locator(f'details[data-more="{prefix}"] > summary').click()
        self.taps += 1

    def rule(self) -> None:
        """Tap "Get the ruling" and wait for the ruling (one tap)."""
        self.page.get_by_role("button", name="Get the ruling", exact=True).click()
        self.taps += 1
        expect(self.page.locator("#ruling .ruling")).to_be_visible()
        expect(self.page.locator("#error-summary")).to_have_count(0)


@dataclass(frozen=True)
class Situation:
    """A reference situation: where it comes from, how a judge enters it, what the
    ruling must say (``values``: label pattern → value text, on the first screen;
    ``later``: under the answer's "Other values") and the clause keys the verdict must
    cite among its grounds."""

    id: str
    game: str
    enter: object
    values: dict[str, str]
    grounds: tuple[str, ...] = ()
    later: dict[str, str] = field(default_factory=dict)


# --- Power-Duell (Schutzgottkarten 1.2.4, cases PD-1 … PD-6) -----------------------
# The case's Schutzgottkarte of the active side: base Venus, left Mars (positiv), right
# Erde (negativ), Wirkung +20 AP for Venus monster cards (its own planet).

def pd_guardian(t: Taps, left="mars", right="erde", text="Wirkung: +20 AP.") -> None:
    t.card_text("guardians-0-card_text", text)
    t.select("guardians-0-base_planet", "venus")
    t.select("guardians-0-left_planet", left)
    if right:
        t.select("guardians-0-right_planet", right)


def pd_attack(t: Taps, attacker_planet: str, target_planet: str, target_dp: str | None) -> None:
    """Monster 1 (side A, pre-set) attacks monster 2 (side B, pre-set for the second card)."""
    t.select("monsters-0-planet", attacker_planet)
    t.type("monsters-0-ap", "100")
    t.select("monsters-1-planet", target_planet)
    if target_dp:
        t.type("monsters-1-dp", target_dp)
    t.select("attacker", "1")
    t.select("target", "2")


def pd_dp_effect_on_target(t: Taps) -> None:
    """An Energiekarte +10 DP on the attack target (the effect row is there already)."""
    t.select("effects-0-source", "energy")
    t.select("effects-0-target_monster", "2")
    t.select("effects-0-attribute", "dp")
    t.type("effects-0-amount", "10")


def pd_1(t: Taps) -> None:
    pd_guardian(t)
    pd_attack(t, "venus", "erde", "50")
    pd_dp_effect_on_target(t)


def pd_2(t: Taps) -> None:
    pd_guardian(t)
    pd_attack(t, "venus", "mars", "50")
    pd_dp_effect_on_target(t)


def pd_3(t: Taps) -> None:
    pd_guardian(t)
    pd_attack(t, "venus", "mars", None)
    t.remove("effects", 0)


def pd_4(t: Taps) -> None:
    pd_guardian(t)
    pd_attack(t, "merkur", "erde", "50")
    pd_dp_effect_on_target(t)


def pd_5(t: Taps) -> None:
    # Wirkungsbegrenzung: the left planet limits the Spezial-Wirkung to Venus monsters.
    pd_guardian(t, left="venus", right=None, text="Spezial-Wirkung: Monsterkarten zahlen bei "
                "der Aktivierung 1 Energiepunkt weniger.")
    t.select("monsters-0-planet", "venus")
    t.more("monsters-0-")
    t.type("monsters-0-cost", "4")
    t.select("monsters-1-side", "a")
    t.select("monsters-1-planet", "mars")
    t.more("monsters-1-")
    t.type("monsters-1-cost", "4")
    t.remove("effects", 0)


def pd_6(t: Taps) -> None:
    # the Wirkung first, then an Energiekarte halving the AP: evaluated newest first
    t.card_text("guardians-0-card_text", "Wirkung: +20 AP.")
    t.select("guardians-0-base_planet", "venus")
    t.select("monsters-0-planet", "venus")
    t.type("monsters-0-ap", "100")
    t.remove("monsters", 1)
    t.select("effects-0-source", "energy")
    t.select("effects-0-target_monster", "1")
    t.select("effects-0-attribute", "ap")
    t.select("effects-0-operation", "halve")


WIRKUNG_CHANGE = r"Monster 1: change by the impact of the guardian god cards"
POWER_DUELL = [
    Situation("PD-1", "power-duell", pd_1, {r"Monster 1: AP": "110", WIRKUNG_CHANGE: "10",
                                            r"Monster 1: negative-positive factor": "1/2"}),
    Situation("PD-2", "power-duell", pd_2, {r"Monster 1: AP": "140", WIRKUNG_CHANGE: "40",
                                            r"Monster 1: negative-positive factor": "2"}),
    Situation("PD-3", "power-duell", pd_3, {r"Monster 1: AP": "120", WIRKUNG_CHANGE: "20",
                                            r"Monster 1: negative-positive factor": "1"}),
    Situation("PD-4", "power-duell", pd_4, {r"Monster 1: AP": "100", WIRKUNG_CHANGE: "0"}),
    Situation("PD-5", "power-duell", pd_5, {r"Monster 1: .*activation": "3",
                                            r"Monster 2: .*activation": "4"}),
    Situation("PD-6", "power-duell", pd_6, {r"Monster 1: AP": "70"}),
]


# --- Berserk (comprehensive rules 106–109, cases BK-1, BK-2, BK-4 … BK-7) -----------

def bk_card(t: Taps, *, status: str = "ordinary", element: str = "swamp",
            phase: str = "other") -> None:
    """The card on the table: a non-flying creature with movement 2, at a moment of
    its owner's turn with no simple strike declared."""
    t.select("initial_type", "creature")
    t.select("initial_subtype", "non-flying")
    t.select("initial_status", status)
    t.type("initial_movement", "2")
    t.check(f"elements-{element}")
    t.select("turn", "own")
    t.select("phase", phase)
    t.select("strike_declared", "none")


def bk_1(t: Taps) -> None:
    # Баграх: "+2 к удару по болотным" against a swamp-and-forest creature
    bk_card(t, element="forest")
    t.card_text("card_text", "+2 к удару по болотным.")
    t.add("targets")
    t.check("targets-0-elements-swamp")
    t.check("targets-0-elements-forest")


def bk_2(t: Taps) -> None:
    bk_card(t, element="forest")
    t.card_text("card_text", "+2 к удару по болотным.")
    t.add("targets")
    t.check("targets-0-elements-mountains")


def bk_4(t: Taps) -> None:
    bk_card(t)
    t.add("changes")
    t.select("changes-0-change", "gain-element")
    t.select("changes-0-element", "swamp")


def bk_5(t: Taps) -> None:
    bk_card(t)
    t.card_text("card_text", "Получает полёт.")


def bk_6(t: Taps) -> None:
    bk_card(t, status="elite")
    t.add("changes")
    t.select("changes-0-change", "become-ordinary")


def bk_7(t: Taps) -> None:
    bk_card(t, phase="main")
    t.select("subphase", "choice")


BERSERK = [
    Situation("BK-1", "berserk", bk_1, {r"Feature 1 against target 1: strike bonus": "2",
                                        r"The card and target 1": "same element"}),
    Situation("BK-2", "berserk", bk_2, {r"Feature 1 against target 1: strike bonus": "0",
                                        r"The card and target 1": "different elements"}),
    Situation("BK-4", "berserk", bk_4, {r"^Elements": "swamp"}),
    Situation("BK-5", "berserk", bk_5, {r"^Subtype": "flying creature", r"^Movement": "flight"},
              later={r"^closing to strike a flying creature": "no"}),
    Situation("BK-6", "berserk", bk_6, {r"^Status": "ordinary"}),
    Situation("BK-7", "berserk", bk_7, {r"May use now: attack with a simple strike": "yes"},
              ("107.2",)),
]


# --- Marvel Champions (Referenzhandbuch, "Ziel": cases MC-1, MC-2, MC-4 … MC-8) -----

def mc_1(t: Taps) -> None:
    # typed, then straight to "Get the ruling": the text is read, then ruled on
    t.card_text("card_text", "Füge einem Schergen 5 Schaden zu.", leave=False)


def mc_2(t: Taps) -> None:
    t.card_text("card_text", "Entferne 1 Bedrohung von jedem Plan.")
    t.add("main_scheme")
    t.type("main_scheme-0-threat", "3")
    t.add("side_schemes")
    t.type("side_schemes-0-threat", "2")
    t.check("side_schemes-0-crisis")


def mc_4(t: Taps) -> None:
    t.select("kind", "basic_thwart")
    t.add("characters")
    t.select("characters-0-kind", "hero")
    t.select("actor", "1")
    t.add("main_scheme")
    t.type("main_scheme-0-threat", "2")


def mc_5(t: Taps) -> None:
    t.card_text("card_text", "Mache einen Charakter spielbereit.")
    t.add("characters")
    t.select("characters-0-kind", "hero")
    t.more("characters-0-")
    t.check("characters-0-conditions-cannot_be_readied")


def mc_6(t: Taps) -> None:
    t.card_text("card_text", "Füge einem Gegner 3 Schaden zu.")
    t.add("villain")
    t.more("villain-0-")
    t.check("villain-0-conditions-cannot_take_damage")


def mc_7(t: Taps) -> None:
    t.card_text("card_text", "Die nächste Karte, die du spielst, kostet 1 weniger.",
                leave=False)


def mc_8(t: Taps) -> None:
    t.card_text("card_text", "Ziehe 1 Karte.")
    t.add("players")
    t.type("players-0-deck", "1")


MARVEL = [
    Situation("MC-1", "marvel-champions", mc_1, {r"Can be initiated": "no"}),
    Situation("MC-2", "marvel-champions", mc_2, {
        r"Target requirement met": "yes", r"Effect 1: valid targets": "side scheme 1",
        r"Threat on main scheme afterwards": "3", r"Threat on side scheme 1 afterwards": "1"}),
    Situation("MC-4", "marvel-champions", mc_4, {r"Target requirement met": "yes",
                                                 r"Effect 1: valid targets": "main scheme"}),
    Situation("MC-5", "marvel-champions", mc_5, {r"Can be initiated": "no"}),
    Situation("MC-6", "marvel-champions", mc_6, {r"Can be initiated": "no"}),
    Situation("MC-7", "marvel-champions", mc_7, {r"Target requirement met": "yes",
                                                 r"Requires a target": "no"}),
    Situation("MC-8", "marvel-champions", mc_8, {r"Target requirement met": "yes",
                                                 r"Effect 1: valid targets": "player 1"}),
]

SITUATIONS = POWER_DUELL + BERSERK + MARVEL
#: Taps and typed fields of each situation in the last run (for the closing note).
COUNTS: dict[str, int] = {}


def assert_on_first_screen(locator, what: str) -> None:
    box = locator.bounding_box()
    assert box is not None, what
    assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], (what, box)


@pytest.fixture
def phone(browser, site_server, request):
    """A fresh phone-sized page in English (the journey's faults checked at the end)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    journey = new_journey(browser, site_server, LANGUAGE, name)
    journey.page.set_viewport_size(PHONE)
    yield journey
    try:
        journey.screenshot()
        journey.assert_clean()
    finally:
        journey.page.context.close()


def test_there_are_five_situations_per_game():
    games = [situation.game for situation in SITUATIONS]
    assert {game: games.count(game) for game in set(games)} == {
        "power-duell": 6, "berserk": 6, "marvel-champions": 7}


@pytest.mark.parametrize("situation", SITUATIONS, ids=[s.id for s in SITUATIONS])
def test_a_situation_is_entered_in_fifteen_taps_and_answered_on_the_first_screen(
        phone, situation):
    page = phone.page
    phone.goto(f"/{LANGUAGE}/calculator/{situation.game}/situation/")
    taps = Taps(page)
    situation.enter(taps)
    taps.rule()
    COUNTS[situation.id] = taps.total
    print(f"{situation.id}: {taps.taps} taps + {taps.typed} typed fields = {taps.total}")
    assert taps.total <= MOST_TAPS, (situation.id, taps.taps, taps.typed)
    # the first screen: the verdict, the decisive values, the clauses it rests on
    page.evaluate("window.scrollTo(0, document.querySelector('#ruling .ruling')"
                  ".getBoundingClientRect().top + window.scrollY)")
    shoot(page, OUTPUT / f"table-{situation.id}-first-screen.png")
    answer = page.locator("#ruling .answer")
    assert_on_first_screen(answer.locator(".verdict"), "verdict")
    for label, value in situation.values.items():
        item = answer.locator(".ruling-value").filter(
            has=page.locator("dt", has_text=re.compile(label))).first
        expect(item.locator("dd"), label).to_contain_text(value)
        assert_on_first_screen(item, label)
    clauses = answer.locator(".grounds a")
    assert clauses.count() >= 1
    for index in range(clauses.count()):
        assert_on_first_screen(clauses.nth(index), f"clause link {index + 1}")
    keys = clauses.all_inner_texts()
    for key in situation.grounds:
        assert any(key in text for text in keys), (key, keys)
    if situation.later:
        answer.locator(".other-values > summary").click()
    for label, value in situation.later.items():
        item = answer.locator(".other-values .ruling-value").filter(
            has=page.locator("dt", has_text=re.compile(label))).first
        expect(item.locator("dd"), label).to_have_text(value)


def test_a_long_phrase_without_spaces_read_from_a_card_text_keeps_the_phone_page_narrow(phone):
    # a breaker's table: 1,990 letters without a space, "not understood", widened the
    # page to 21,500 px, and "Get the ruling" could no longer be tapped
    page = phone.page
    phone.goto(f"/{LANGUAGE}/calculator/power-duell/situation/")
    taps = Taps(page)
    taps.add("guardians")
    taps.card_text("guardians-0-card_text", "Wirkung: " + "X" * 1990)
    expect(page.locator(".card-reading__unread")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # "Get the ruling" can be tapped (nothing lies over it): the answer or the fields' errors
    page.get_by_role("button", name="Get the ruling", exact=True).click(timeout=5000)
    expect(page.locator("#ruling .ruling, #error-summary").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_paste_longer_than_a_card_text_box_says_how_much_it_kept(phone):
    # a breaker pasted 5,000 characters: the browser kept 2,000 (maxlength) without a word
    page = phone.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    phone.goto(f"/{LANGUAGE}/calculator/power-duell/situation/")
    Taps(page).add("guardians")
    box = page.locator("#f-guardians-0-card_text")
    maximum = int(box.get_attribute("maxlength"))
    page.evaluate("text => navigator.clipboard.writeText(text)", "Wirkung: +10 AP. " * 300)
    box.focus()
    page.keyboard.press("Control+V")
    assert len(box.input_value()) == maximum
    note = page.locator("#f-guardians-0-card_text + [data-paste-cut]")
    expect(note).to_have_attribute("role", "alert")
    expect(note).to_have_text(f"The text pasted has {17 * 300:,} characters; this box keeps only "
                              f"the first {maximum:,}. Paste one ability at a time.")
    # a paste that fits says nothing; the box edited within its length drops the note
    box.fill("")
    expect(note).to_have_count(0)
    page.evaluate("text => navigator.clipboard.writeText(text)", "Wirkung: +10 AP.")
    box.focus()
    page.keyboard.press("Control+V")
    expect(box).to_have_value("Wirkung: +10 AP.")
    expect(page.locator("[data-paste-cut]:not(form)")).to_have_count(0)


def test_a_ruling_quoting_one_long_word_of_a_card_text_keeps_the_phone_page_narrow(phone):
    # a breaker's table: a step quoting a card text of one long compound word ("not
    # understood") widened the ruling to 586 px
    page = phone.page
    word = "Schutzgottkartenspezialwirkungsaktivierungskostenbegrenzung"
    phone.goto(f"/{LANGUAGE}/calculator/marvel-champions/situation/?kind=card_ability"
               f"&card_text={word}")
    expect(page.locator("#ruling [data-ruling]")).to_be_visible()
    expect(page.locator("#ruling .step").first).to_contain_text(word[:20])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_error_quoting_a_long_parameter_keeps_the_phone_page_narrow(phone):
    # a breaker's table: "Unknown field 'xxxx…'" of 200 letters widened the page to 2,066 px
    page = phone.page
    response = page.goto(phone.url(f"/{LANGUAGE}/calculator/power-duell/situation/?guardians=0"
                                   f"&monsters=0&effects=0&unknown{'x' * 200}=1"))
    assert response.status == 400
    expect(page.locator("#error-summary")).to_contain_text("Unknown field")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # the browser reports the page's own 400 on the console: that one is expected
    assert [e for e in phone.console_errors if "status of 400" not in e] == []
    phone.console_errors.clear()


def test_the_russian_marvel_board_breaks_no_label_inside_a_word(phone):
    # a breaker's table: "ПРОТ (противодействие)" spilled past its column; wrapping it
    # anywhere would break the word — the field is as wide as its longest word instead
    page = phone.page
    phone.goto("/ru/calculator/marvel-champions/situation/?kind=basic_thwart&actor=1"
               "&characters=1&characters-0-kind=hero")
    broken = page.evaluate("""() => {
        const found = [];
        for (const label of document.querySelectorAll('.calculator label')) {
          if (!label.offsetParent) continue;  // hidden
          const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of node.data.matchAll(/\\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1)
                found.push(match[0]);
            }
          }
        }
        return found;
      }""")
    assert broken == []
    spilled = page.evaluate("""() => [...document.querySelectorAll('.calculator label')]
        .filter(l => l.scrollWidth > l.clientWidth + 1).map(l => l.textContent.trim())""")
    assert spilled == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
