"""Issue #29, "completion that works": the script `ecran completion SHELL` prints, sourced by
the real shell, completes commands, checks, options and choice values in the reader's language.
Each shell is installed (apt-get) when it is missing and the test may; else the test is skipped.

bash: the script's function is called as `complete -F` calls it. zsh: its completion builtins
(`compadd`, `_describe`) only run inside a completion widget, so they are stood in for by
functions that print what they were given; everything else is zsh running the script. fish:
`complete -C`, fish's own way of asking what a command line completes to.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def _installed(shell: str) -> str:
    """The shell's path, installing it with apt-get when it is missing (as root only)."""
    found = shutil.which(shell)
    if found is None and os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(
            ["apt-get", "install", "-y", "-q", shell], capture_output=True, timeout=600, check=False
        )
        found = shutil.which(shell)
    if found is None:
        pytest.skip(f"{shell} is not installed and cannot be")
    return found


def _env(lang: str) -> dict[str, str]:
    return {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "ECRAN_LANG": lang,
        "HOME": os.environ.get("HOME", "/tmp"),
    }


def _run(shell: str, script: str, lang: str) -> list[str]:
    done = subprocess.run(
        [_installed(shell), "-c", script],
        capture_output=True,
        text=True,
        env=_env(lang),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [line.split("\t")[0] for line in done.stdout.splitlines() if line]


def bash(line: str, lang: str = "fr") -> list[str]:
    words = line.split(" ")
    script = f"""
        source <(ecran completion bash)
        COMP_WORDS=({" ".join(f"'{w}'" for w in words)})
        COMP_CWORD={len(words) - 1}
        _ecran_completion ecran
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    return _run("bash", script, lang)


def zsh(line: str, lang: str = "fr") -> list[str]:
    words = line.split(" ")
    script = f"""
        autoload -Uz compinit && compinit -u -D
        source <(ecran completion zsh)
        compadd() {{ print -l -- "${{(@P)${{@[-1]}}}}" }}
        _describe() {{ print -l -- "${{(@P)3}}" }}
        words=({" ".join(f"'{w}'" for w in words)})
        CURRENT={len(words)}
        _ecran_completion
    """
    return [w.split(":")[0] for w in _run("zsh", script, lang)]


def fish(line: str, lang: str = "fr") -> list[str]:
    script = f"""
        ecran completion fish | source
        complete -C '{line}'
    """
    return _run("fish", script, lang)


Shell = Callable[..., list[str]]
SHELLS = [pytest.param(bash, id="bash"), pytest.param(zsh, id="zsh"), pytest.param(fish, id="fish")]


@pytest.mark.parametrize("complete", SHELLS)
def test_a_french_command_and_check_complete(complete: Shell) -> None:
    assert "chances" in complete("ecran cha")
    assert set(complete("ecran chances artemis att")) == {"attaque", "attirer-esprits"}


@pytest.mark.parametrize("complete", SHELLS)
def test_a_french_option_and_its_values_complete(complete: Shell) -> None:
    assert complete("ecran chances artemis attaque --par") == ["--parade"]
    values = complete("ecran chances artemis attaque --critiques-privilege ")
    assert set(values) == {"de-garde", "chaque-de"}


@pytest.mark.parametrize("complete", SHELLS)
def test_english_in_english_and_the_english_id_in_french(complete: Shell) -> None:
    assert set(complete("ecran odds artemis att", "en")) == {"attack"}
    assert "--parry" in complete("ecran odds artemis attack --pa", "en")
    # in French, an English command typed is still completed (`ecran od<TAB>`: odds, never
    # the literal `plain,odds` of a script speaking another protocol)
    assert set(complete("ecran od")) == {"odds", "odds-sheet"}


def test_show_and_install_completion(cli: Callable[..., object], tmp_path: Path) -> None:
    shown = cli("--show-completion", "fish")
    assert shown.code == 0 and "_ECRAN_COMPLETE=fish_complete" in shown.out  # type: ignore[attr-defined]
    from ecran.cli.completion import install, script

    said = install("bash", tmp_path)
    written = tmp_path / ".bash_completions" / "ecran.sh"
    assert written.read_text().strip() == script("bash").strip() and str(written) in said
    install("bash", tmp_path)  # twice: the start-up line once
    assert (tmp_path / ".bashrc").read_text().count("ecran.sh") == 1
    wrong = cli("--show-completion", "tcsh")
    assert wrong.code == 2 and "bash, zsh ou fish" in wrong.err  # type: ignore[attr-defined]
