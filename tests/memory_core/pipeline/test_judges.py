"""Contradiction judges: the rule judge on labelled pairs, the HTTP judge over HTTP."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.exceptions import ImproperlyConfigured

from memory_core.pipeline.judges import HttpJudge, RuleJudge, get_judge
from tests.conftest import wait_for

# (existing statement, new statement, contradicts, detector when it does).
# Non-contradictions share most of their words with their partner.
LABELLED = [
    # Negation.
    ("The user likes coffee.", "The user does not like coffee.", True, "negation"),
    ("The user uses Slack.", "The user no longer uses Slack.", True, "negation"),
    (
        "The user will attend the offsite.",
        "The user won't attend the offsite.",
        True,
        "negation",
    ),
    (
        "The user is available on Fridays.",
        "The user isn't available on Fridays.",
        True,
        "negation",
    ),
    (
        "The user always drinks coffee.",
        "The user never drinks coffee.",
        True,
        "negation",
    ),
    ("The user has pets.", "The user has no pets.", True, "negation"),
    (
        "The user drinks coffee every morning.",
        "The user doesn't drink coffee.",
        True,
        "negation",
    ),
    (
        "The team uses Jira for tickets.",
        "The team stopped using Jira for tickets.",
        True,
        "negation",
    ),
    ("The user does not drink coffee after 6pm.", "The user drinks coffee.", False, ""),
    ("The user does not like coffee.", "The user likes green tea.", False, ""),
    ("Deploys are not allowed on Friday.", "Deploys are allowed on Monday.", False, ""),
    ("The user not only likes tea but also coffee.", "The user likes tea.", False, ""),
    ("The user is not a vegetarian.", "The user does not eat fish.", False, ""),
    # Antonyms and opposite polarity.
    ("The user prefers dark mode.", "The user prefers light mode.", True, "antonym"),
    ("The user loves spicy food.", "The user hates spicy food.", True, "antonym"),
    (
        "Two-factor login is enabled for admins.",
        "Two-factor login is disabled for admins.",
        True,
        "antonym",
    ),
    ("Dark mode is on.", "Dark mode is off.", True, "antonym"),
    (
        "The office is open on Sunday.",
        "The office is closed on Sunday.",
        True,
        "antonym",
    ),
    ("The claim is true.", "The claim is false.", True, "antonym"),
    (
        "Refunds are allowed after 30 days.",
        "Refunds are forbidden after 30 days.",
        True,
        "antonym",
    ),
    (
        "The staging database is encrypted.",
        "The staging database is unencrypted.",
        True,
        "antonym",
    ),
    (
        "The user was happy with the new dashboard.",
        "The user was unhappy with the new dashboard.",
        True,
        "antonym",
    ),
    ("The feature is not disabled.", "The feature is disabled.", True, "negation"),
    ("The feature is not enabled.", "The feature is not disabled.", True, "antonym"),
    ("The feature is not enabled.", "The feature is disabled.", False, ""),
    ("The user does not like dark mode.", "The user likes light mode.", False, ""),
    ("The office is closed on Sunday.", "The office is open on Monday.", False, ""),
    ("The user likes dark chocolate.", "The user dislikes light beer.", False, ""),
    (
        "The user prefers dark mode in the editor.",
        "The user prefers dark roast coffee.",
        False,
        "",
    ),
    (
        "Email notifications are turned off.",
        "Push notifications are turned off.",
        False,
        "",
    ),
    (
        "Email notifications are enabled for build failures.",
        "Slack notifications are disabled for build failures.",
        False,
        "",
    ),
    # Values on the same attribute.
    ("The budget is 500 EUR.", "The budget is 700 EUR.", True, "value_mismatch"),
    ("The team meets on Monday.", "The team meets on Tuesday.", True, "value_mismatch"),
    (
        "The flight leaves at 9am.",
        "The flight leaves at 11 am.",
        True,
        "value_mismatch",
    ),
    (
        "The server has 16 GB of RAM.",
        "The server has 32GB of RAM.",
        True,
        "value_mismatch",
    ),
    (
        "The user's birthday is in March.",
        "The user's birthday is in May.",
        True,
        "value_mismatch",
    ),
    ("The user has two cats.", "The user has 3 cats.", True, "value_mismatch"),
    ("The API endpoint is /v1/.", "The API endpoint is /v2/.", True, "value_mismatch"),
    ("Backups run daily.", "Backups run weekly.", True, "value_mismatch"),
    (
        "The release is planned for 2026-03-01.",
        "The release is planned for 2026-04-01.",
        True,
        "value_mismatch",
    ),
    ("The budget is 500 EUR.", "The budget was approved on Monday.", False, ""),
    ("The meeting is on Monday.", "The meeting notes are shared on Monday.", False, ""),
    ("The team meets on Monday and Tuesday.", "The team meets on Monday.", False, ""),
    ("The user ran 5 km on Monday.", "The user ran 10 km on Tuesday.", False, ""),
    ("The user has 2 cats.", "The user has 2 dogs.", False, ""),
    (
        "The user's son is 7 years old.",
        "The user's daughter is 9 years old.",
        False,
        "",
    ),
    ("The meeting is not on Monday.", "The meeting is not on Tuesday.", False, ""),
    (
        "The user may join the call on Monday.",
        "The user will join the call on Monday.",
        False,
        "",
    ),
    # Preference order.
    (
        "The user prefers email over Slack.",
        "The user prefers Slack over email.",
        True,
        "preference_order",
    ),
    (
        "The user prefers email over Slack.",
        "The user prefers email in the morning.",
        False,
        "",
    ),
]

# Pairs written apart from the judge's design, in two batches: 32 before
# the judge existed (31/32 before one stemming fix, "used"), 24 after that
# (17/24 before the fixes they prompted: ordinals, frequencies, "stopped
# using", the same-attribute rule for values). Five of them moved to
# LABELLED above, so the figures below flatter the judge a little.
HELD_OUT = [
    ("The user lives in Berlin.", "The user doesn't live in Berlin anymore.", True),
    (
        "Production deploys are allowed on Fridays.",
        "Production deploys are forbidden on Fridays.",
        True,
    ),
    (
        "The standup meeting starts at 9:30.",
        "The standup meeting starts at 10:00.",
        True,
    ),
    (
        "The user's monthly budget is $1,200.",
        "The user's monthly budget is $1,500.",
        True,
    ),
    (
        "The customer has never used the mobile app.",
        "The customer uses the mobile app every day.",
        True,
    ),
    ("Email notifications are turned on.", "Email notifications are turned off.", True),
    ("The user hates spicy food.", "The user loves spicy food.", True),
    (
        "The API rate limit is 100 requests per minute.",
        "The API rate limit is 250 requests per minute.",
        True,
    ),
    (
        "The user's contract ends in September.",
        "The user's contract ends in November.",
        True,
    ),
    ("The user is a vegetarian.", "The user is not a vegetarian.", True),
    (
        "The quarterly report is due on Thursday.",
        "The quarterly report is due on Monday.",
        True,
    ),
    (
        "The user prefers phone calls over email.",
        "The user prefers email over phone calls.",
        True,
    ),
    (
        "The VPN is required for remote access.",
        "The VPN is optional for remote access.",
        True,
    ),
    ("The build pipeline passed.", "The build pipeline failed.", True),
    ("The database runs PostgreSQL 15.", "The database runs PostgreSQL 17.", True),
    ("The customer account is active.", "The customer account is inactive.", True),
    (
        "Invoices are sent on the 1st of each month.",
        "Invoices are sent on the 15th of each month.",
        True,
    ),
    (
        "The user wants weekly summaries.",
        "The user does not want weekly summaries.",
        True,
    ),
    (
        "The CI cache is shared between branches.",
        "The CI cache is never shared between branches.",
        True,
    ),
    ("The user's timezone is UTC+1.", "The user's timezone is UTC-5.", True),
    (
        "The office wifi password rotates monthly.",
        "The office wifi password rotates weekly.",
        True,
    ),
    # Known misses: paraphrase and open-class values need the HTTP judge.
    (
        "The user dislikes brand X.",
        "The user says brand X's new line looks great.",
        True,
    ),
    ("The user is allergic to peanuts.", "The user has no food allergies.", True),
    ("The user's dog is called Pixel.", "The user's dog is called Byte.", True),
    ("The user is left-handed.", "The user is right-handed.", True),
    ("The user lives in Berlin.", "The user works in Berlin.", False),
    ("Deploys are forbidden on Fridays.", "Deploys are not allowed on Fridays.", False),
    (
        "The standup meeting starts at 9:30.",
        "The planning meeting starts at 11:00.",
        False,
    ),
    (
        "The user's monthly budget is $1,200.",
        "The user's travel budget is $1,200.",
        False,
    ),
    (
        "Email notifications are turned off.",
        "Push notifications are turned off.",
        False,
    ),
    ("The user hates spicy food.", "The user hates loud restaurants.", False),
    (
        "The user's contract ends in September.",
        "The user's contract was signed in September.",
        False,
    ),
    ("The report is due on Thursday.", "The report is due on Thursday at noon.", False),
    (
        "The user prefers phone calls over email.",
        "The user prefers phone calls in the morning.",
        False,
    ),
    (
        "The VPN is required for remote access.",
        "The VPN client is required on every laptop.",
        False,
    ),
    (
        "The build pipeline failed on Monday.",
        "The test pipeline failed on Monday.",
        False,
    ),
    ("The user no longer uses Windows.", "The user uses macOS.", False),
    ("The user has two children.", "The user has two cats.", False),
    (
        "The user's flight leaves at 7am on Tuesday.",
        "The user's train leaves at 9am on Wednesday.",
        False,
    ),
    ("The user enjoys hiking in the mountains.", "The user enjoys hiking.", False),
    ("The user likes dark mode.", "The user likes dark chocolate.", False),
    (
        "The user is not available on Monday.",
        "The user is available on Tuesday.",
        False,
    ),
    ("The server has 16 GB of RAM.", "The server has 16 GB of swap.", False),
    (
        "The user prefers tea in the morning.",
        "The user prefers coffee in the afternoon.",
        False,
    ),
    (
        "The release was approved by the CTO.",
        "The release notes were approved by the CTO.",
        False,
    ),
    ("The user never works on weekends.", "The user rarely works late.", False),
    ("Logging is enabled in production.", "Logging is enabled in staging.", False),
    ("The user lives in Lisbon.", "The user grew up in Porto.", False),
    (
        "The API returns 404 for unknown ids.",
        "The API returns 404 for deleted ids.",
        False,
    ),
    ("Backups run at 2am.", "Backups are kept for 30 days.", False),
    (
        "The user does not like meetings before 10am.",
        "The user likes meetings after lunch.",
        False,
    ),
]


@pytest.mark.parametrize(("premise", "hypothesis", "contradicts", "detector"), LABELLED)
def test_rule_judge_on_labelled_pairs(premise, hypothesis, contradicts, detector):
    judgement = RuleJudge().judge(premise, hypothesis)
    assert judgement.contradicts is contradicts, judgement
    if contradicts:
        assert judgement.detector == detector and judgement.reason
    # The judge is symmetric: which side is stored does not matter.
    assert RuleJudge().judge(hypothesis, premise).contradicts is contradicts


def test_rule_judge_accuracy_on_held_out_pairs():
    judge = RuleJudge()
    found = [(judge.judge(a, b).contradicts, label) for a, b, label in HELD_OUT]
    true_pos = sum(got and label for got, label in found)
    false_pos = sum(got and not label for got, label in found)
    positives = sum(label for _, label in found)
    accuracy = sum(got == label for got, label in found) / len(found)
    # Measured: accuracy 47/51, precision 21/21, recall 21/25. A false
    # contradiction costs a human review, so precision must stay perfect.
    assert false_pos == 0
    assert true_pos / positives >= 0.8
    assert accuracy >= 0.9


# -- HttpJudge against a real local HTTP server ------------------------------


class JudgeHandler(BaseHTTPRequestHandler):
    """Answer like an NLI service; the hypothesis picks the answer."""

    answers = {
        "contradiction": (200, {"label": "contradiction", "score": 0.97}),
        "unsure": (200, {"label": "contradiction", "score": 0.6}),
        "boundary": (200, {"label": "CONTRADICTION", "score": 0.85}),
        "entailment": (200, {"label": "entailment", "score": 0.99}),
        "broken": (500, {"error": "model crashed"}),
        "garbage": (200, "not json"),
        "unlabelled": (200, {"score": 0.99}),
    }
    received: list[dict] = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        JudgeHandler.received.append(body)
        if body["hypothesis"] == "slow":
            time.sleep(0.5)
        status, answer = self.answers.get(body["hypothesis"], (200, {}))
        payload = answer.encode() if isinstance(answer, str) else json.dumps(answer)
        payload = payload if isinstance(payload, bytes) else payload.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def judge_url():
    server = ThreadingHTTPServer(("127.0.0.1", 0), JudgeHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/judge"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("hypothesis", "contradicts", "detector"),
    [
        ("contradiction", True, "http"),
        ("boundary", True, "http"),
        ("unsure", False, "http"),
        ("entailment", False, "http"),
        ("broken", False, "http_unavailable"),
        ("garbage", False, "http_unavailable"),
        ("unlabelled", False, "http_unavailable"),
        ("slow", False, "http_unavailable"),
    ],
)
def test_http_judge(judge_url, hypothesis, contradicts, detector):
    # Only the slow answer (0.5 s) is meant to outlast the timeout; a short
    # timeout for every case failed under CI load before the server answered.
    judge = HttpJudge(url=judge_url, timeout=0.2 if hypothesis == "slow" else 5)
    judgement = judge.judge("The user likes tea.", hypothesis)
    assert (judgement.contradicts, judgement.detector) == (contradicts, detector)
    assert judgement.reason
    sent = {"premise": "The user likes tea.", "hypothesis": hypothesis}
    # The slow request times out on the client; the server may record it later.
    wait_for(lambda: JudgeHandler.received and JudgeHandler.received[-1] == sent)


def test_http_judge_unreachable_or_unset():
    server = ThreadingHTTPServer(("127.0.0.1", 0), JudgeHandler)
    closed_port = server.server_address[1]
    server.server_close()
    for url in (f"http://127.0.0.1:{closed_port}/judge", ""):
        judgement = HttpJudge(url=url, timeout=0.5).judge("a", "b")
        assert (judgement.contradicts, judgement.detector) == (
            False,
            "http_unavailable",
        )


def test_get_judge_follows_settings(settings, judge_url):
    settings.MGC_CONTRADICTION_JUDGE = "rules"
    assert isinstance(get_judge(), RuleJudge)
    settings.MGC_CONTRADICTION_JUDGE = "http"
    settings.MGC_JUDGE_URL = judge_url
    judge = get_judge()
    assert isinstance(judge, HttpJudge) and judge.url == judge_url
    assert judge.judge("x", "contradiction").contradicts
    settings.MGC_CONTRADICTION_JUDGE = "oracle"
    with pytest.raises(ImproperlyConfigured):
        get_judge()
