#!/bin/sh
# npm-ci.sh: the npm packages the browser's tests use (package.json:
# playwright-core for html.sh, speedscope for oracles/folded.sh),
# installed into tests/browser/node_modules with npm ci unless they are
# there.  html.sh and folded.sh run it first; make check runs it once
# before both, so that the two never install at once.  Exit status 1
# when npm fails or is missing.
cd "$(dirname "$0")" || exit 1
[ -d node_modules/playwright-core ] && [ -d node_modules/speedscope ] &&
    exit 0
npm ci --no-audit --no-fund --silent
