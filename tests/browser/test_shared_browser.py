"""What every page shares: the Persian font shipped with the package, plural-correct messages,
and placeholders isolated in ``<bdi>`` so a card code keeps its direction in Persian text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from browser_support import PHONE, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Response


def test_persian_text_is_set_in_the_shipped_vazirmatn(browser: Browser, server: str) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    fonts: list[Response] = []
    page.on("response", lambda answer: fonts.append(answer) if ".woff2" in answer.url else None)
    page.goto(f"{server}/lobby?lang=fa")
    page.wait_for_selector("html[lang='fa']", state="attached")
    page.evaluate("document.fonts.ready")
    family = page.evaluate("getComputedStyle(document.querySelector('h1')).fontFamily")
    assert family.startswith("Vazirmatn"), family
    assert page.evaluate("document.fonts.check('16px Vazirmatn', 'پاسور')")
    loaded = page.evaluate(
        "[...document.fonts].filter((f) => f.family === 'Vazirmatn' && f.status === 'loaded')"
        ".length"
    )
    assert loaded >= 1
    assert fonts, "no font file was fetched"
    for answer in fonts:
        assert answer.url.startswith(f"{server}/static/fonts/vazirmatn/"), answer.url
        assert answer.status == 200
        assert answer.headers["content-type"] == "font/woff2"
    assert problems == []
    context.close()


PLURALS = """async () => {
  const { t, tParts, setLanguage } = await import('/static/js/shared/i18n.js');
  const say = (count) => t('play.lobby.count', { count });
  const english = [say(0), say(1), say(2), say(21)];
  const parts = tParts('play.sheet.leftover', { count: 3, name: 'Sara' });
  const shape = parts.map((part) =>
    typeof part === 'string' ? part : `<${part.localName}>${part.textContent}`);
  await setLanguage('fa');
  const persian = [say(1), say(3)];
  const persianParts = tParts('play.sheet.leftover', { count: 3, name: 'Sara' })
    .filter((part) => typeof part !== 'string').map((part) => part.textContent);
  await setLanguage('en');
  return { english, shape, persian, persianParts };
}"""


def _said_on_a_page(browser: Browser, server: str, script: str) -> Any:
    """What ``script`` answers on an English page (the shared modules loaded), no problem seen."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/lobby?lang=en")
    page.wait_for_selector("html[lang='en'] [data-lang='fa']", state="attached")
    said = page.evaluate(script)
    assert problems == []
    context.close()
    return said


def test_messages_take_the_plural_form_of_their_count(browser: Browser, server: str) -> None:
    said = _said_on_a_page(browser, server, PLURALS)
    assert said["english"] == [
        "0 tables waiting",
        "1 table waiting",
        "2 tables waiting",
        "21 tables waiting",
    ]
    assert said["shape"] == ["The last ", "<bdi>3", " table cards went to ", "<bdi>Sara", "."]
    assert said["persian"] == ["۱ میز در انتظار", "۳ میز در انتظار"]
    assert said["persianParts"] == ["۳", "Sara"]


REFUSALS = """async () => {
  const { ApiError, request } = await import('/static/js/shared/api.js');
  const calls = [
    ['GET', '/api/tracker/sheets/nosuchsheet'],
    ['GET', '/api/tables/nosuchtable'],
    ['GET', '/api/tables/nosuchtable/games/1/record'],
    ['GET', '/api/no-such-route'],
    ['DELETE', '/api/rules'],
    ['POST', '/api/tables', { players: '2' }],
  ];
  const seen = [];
  for (const [method, url, body] of calls) {
    try {
      await request(method, url, body);
      seen.push(null);
    } catch (error) {
      seen.push({
        api: error instanceof ApiError, status: error.status, code: error.code,
        message: error.message, fields: error.fieldErrors.map((item) => item.field),
      });
    }
  }
  return seen;
}"""


def test_every_wing_refuses_in_the_one_body_the_page_reads(browser: Browser, server: str) -> None:
    # The tracker, online play, the game history and the app itself refuse with
    # {"detail": {code, message}}, read into ApiError's code and message; a wrong field is a
    # 422 bad_request whose fields are read as fieldErrors.
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{server}/lobby?lang=en")
    page.wait_for_selector("html[lang='en']", state="attached")
    seen = page.evaluate(REFUSALS)
    assert [(item["status"], item["code"]) for item in seen] == [
        (404, "no_such_sheet"),
        (404, "no_such_table"),
        (404, "no_such_table"),
        (404, "not_found"),
        (405, "method_not_allowed"),
        (422, "bad_request"),
    ]
    assert all(item["api"] and item["message"] for item in seen)
    assert seen[0]["message"] == "no score sheet has this link"
    assert seen[-1]["fields"] == ["players"]
    context.close()


CARDS_IN_WORDS = """async () => {
  const { t, tParts, setLanguage } = await import('/static/js/shared/i18n.js');
  const isolated = () => tParts('table.log.lay_you', { card: '7♣' })
    .find((part) => typeof part !== 'string').textContent;
  const say = () => [t('table.log.lay_you', { card: '10♦' }), isolated()];
  const english = say();
  await setLanguage('fa');
  const persian = say();
  await setLanguage('en');
  return { english, persian };
}"""


def test_a_card_in_a_persian_sentence_is_one_unit_in_persian_digits(
    browser: Browser, server: str
) -> None:
    said = _said_on_a_page(browser, server, CARDS_IN_WORDS)
    assert said["english"] == ["You lay 10♦", "7♣"]
    assert said["persian"] == ["\u2066۱۰♦\u2069 را روی میز گذاشتید", "۷♣"], (
        "one unit, in Persian digits"
    )
