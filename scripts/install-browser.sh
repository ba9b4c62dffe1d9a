#!/usr/bin/env bash
# Install Debian's chromium and chromedriver for the manual's browser test
# (tests/docs/test_browser.py), when they are missing.  Needs root (apt-get);
# without root or apt-get it says so and exits 0: the test then skips with a
# clear message.  Usage: bash scripts/install-browser.sh
set -u
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    echo "install-browser: chromium and chromedriver already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: apt-get not available; the browser test will be skipped" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install-browser: not root; the browser test will be skipped" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
echo "install-browser: installing chromium chromium-driver (apt-get)"
$SUDO apt-get update -qq >/dev/null || echo "install-browser: apt-get update failed" >&2
if $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null; then
    echo "install-browser: installed $(/usr/bin/chromium --version 2>/dev/null)"
else
    echo "install-browser: apt-get install failed; the browser test will be skipped" >&2
fi
exit 0
