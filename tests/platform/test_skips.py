"""The skip guard (tests/skips.py): a run with a skip whose reason is not declared fails, a
declared one passes, an empty parametrize fails; with xdist too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import skips

PLUGIN = Path(skips.__file__).read_text("utf-8")


@pytest.fixture
def guarded(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(PLUGIN)
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    return pytester


def test_an_undeclared_skip_fails_the_run(guarded: pytest.Pytester) -> None:
    guarded.makepyfile("""
        import pytest

        def test_fine():
            pass

        def test_skipped():
            pytest.skip("not today")
    """)
    result = guarded.runpytest("-p", "no:cacheprovider", "-p", "no:randomly")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*unexpected skips*", "*test_skipped*not today*"])


def test_a_declared_skip_passes(guarded: pytest.Pytester) -> None:
    guarded.makepyfile("""
        import pytest

        def test_skipped():
            pytest.skip("no PostgreSQL server here: none installed")
    """)
    assert guarded.runpytest("-p", "no:cacheprovider").ret == pytest.ExitCode.OK


def test_an_empty_parametrize_fails_the_run(guarded: pytest.Pytester) -> None:
    guarded.makepyfile("""
        import pytest

        @pytest.mark.parametrize("x", [])
        def test_nothing(x):
            pass
    """)
    result = guarded.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*got empty parameter set*"])


def test_an_undeclared_skip_fails_the_run_under_xdist(guarded: pytest.Pytester) -> None:
    guarded.makepyfile("""
        import pytest

        def test_fine():
            pass

        @pytest.mark.skip(reason="later")
        def test_skipped():
            pass
    """)
    result = guarded.runpytest_subprocess("-p", "no:cacheprovider", "-n", "2")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*test_skipped*later*"])
