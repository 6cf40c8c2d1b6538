"""pytest fixtures for testing a bot against msg-bot-api's embedded platform.

- `msg_server`: a started `Server` (scratch directory, free port, validation on), stopped after
  the test; the test fails if the server answered anything outside the Bot API schema.
- `msg_local_server`: the same in local mode (absolute file paths, webhooks to loopback).
- `msg_bot`: a bot `@test_bot` on `msg_server`; `msg_person`: a person, Alice, on it.
- `msg_seeded_server`: a server whose random choices and manual clock repeat from `msg_seed`
  (override that fixture to choose the seed): two runs of a test get the same answers.

The binary: `--msg-bot-api-binary`, else `$MSG_BOT_API_BIN`, else `msg-bot-api` on PATH.
"""

import pytest

from . import Server


def pytest_addoption(parser):
    parser.addoption(
        "--msg-bot-api-binary",
        default=None,
        help="the msg-bot-api binary the msg_server fixtures start (default: $MSG_BOT_API_BIN, then PATH)",
    )


def _serve(request, tmp_path, local, **options):
    server = Server(request.config.getoption("--msg-bot-api-binary"), tmp_path / "msg-bot-api", local=local, **options)
    server.start()
    yield server
    server.stop()
    violations = server.violations()
    assert not violations, "the server answered outside the Bot API schema:\n" + "\n".join(violations)


@pytest.fixture
def msg_server(request, tmp_path):
    """A msg-bot-api server for this test."""
    yield from _serve(request, tmp_path, local=False)


@pytest.fixture
def msg_local_server(request, tmp_path):
    """A msg-bot-api server in local mode for this test."""
    yield from _serve(request, tmp_path, local=True)


@pytest.fixture
def msg_bot(msg_server):
    """A bot, @test_bot, on `msg_server`."""
    return msg_server.create_bot("test_bot", "Test")


@pytest.fixture
def msg_person(msg_server):
    """A person, Alice, on `msg_server`."""
    return msg_server.create_person("Alice")


@pytest.fixture
def msg_seed():
    """The seed of `msg_seeded_server`; override this fixture to choose another."""
    return 1


@pytest.fixture
def msg_seeded_server(request, tmp_path, msg_seed):
    """A test server seeded with `msg_seed` and on a manual clock (starting 2026-01-01): the
    platform's ids, dice, link hashes and dates repeat from run to run."""
    yield from _serve(request, tmp_path, local=False, seed=msg_seed, clock="manual")
