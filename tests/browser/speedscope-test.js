// speedscope-test.js: speedscope's own importer (the speedscope npm
// package's page, in Debian's chromium) opens the files of
// --format=speedscope and --format=folded, and its "Sandwich" table gives
// each function's self cost as the exclusive cost tests/oracles/folded.py reads
// off the profile, and the program total to some function (tests/oracles/folded.sh
// makes the cases and runs it).
//   node speedscope-test.js CASES.json SCREENS_DIR
// CASES.json: [{name, file, self: {function: count}, total}].  Prints
// "speedscope-browser: P passed, F failed".
'use strict';
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

let passed = 0, failed = 0;
function check(ok, what) {
	if (ok)
		passed++;
	else {
		failed++;
		console.log('FAIL ' + what);
	}
}

// A count as speedscope shows it: "1,234", "26.19K", "1.20M", with a
// share after it; [low, high] of what it may stand for.
function range(text) {
	const m = /^([0-9.,]+)\s*([KMG]?)/.exec(text.trim());
	if (m === null)
		return null;
	const digits = m[1].replace(/,/g, '');
	const scale = { '': 1, K: 1e3, M: 1e6, G: 1e9 }[m[2]];
	const dot = digits.indexOf('.');
	const ulp = (dot < 0 ? 1 : Math.pow(10, -(digits.length - dot - 1))) * scale;
	const v = parseFloat(digits) * scale;
	return [v - ulp, v + ulp];
}

async function one(browser, c, screens) {
	const page = await browser.newPage({ viewport: { width: 1400, height: 2400 } });
	const errors = [];
	page.on('pageerror', e => errors.push(e.message));
	page.on('console', m => {
		if (m.type() === 'error')
			errors.push(m.text());
	});
	await page.route('**/*', route => {
		const u = route.request().url();
		if (u.startsWith('file://') || u.startsWith('data:') ||
		    u.startsWith('blob:'))
			return route.continue();
		errors.push('a request left the page: ' + u);
		return route.abort();
	});
	await page.goto('file://' + require.resolve(
	    'speedscope/dist/release/index.html'));
	await page.setInputFiles('input[type=file]', c.file);
	await page.getByText('Sandwich').waitFor({ timeout: 10000 });
	await page.getByText('Sandwich').click();
	await page.waitForTimeout(700);
	const lines = (await page.evaluate(() => document.body.innerText))
	    .split('\n').map(s => s.trim()).filter(s => s !== '');
	await page.screenshot({ path: path.join(screens, c.name + '.png') });
	check(errors.length === 0, c.name + ': ' + errors.join('; '));
	// The table: "TOTAL (P%)", "SELF (P%)", "NAME", row after row.
	const at = lines.indexOf('Total\tSelf\tSymbol Name');
	check(at >= 0, c.name + ': no Sandwich table');
	const rows = {};
	for (let i = at + 1; i + 2 < lines.length; i += 3)
		rows[lines[i + 2]] = { total: lines[i], self: lines[i + 1] };
	let seen = 0, rootok = false;
	for (const [name, r] of Object.entries(rows)) {
		const want = c.self[name];
		const got = range(r.self);
		if (want === undefined || got === null)
			continue;
		seen++;
		check(want >= got[0] && want <= got[1], c.name + ': ' + name +
		    ' self ' + r.self + ' in speedscope, ' + want + ' exclusive');
		const t = range(r.total);
		if (t !== null && c.total >= t[0] && c.total <= t[1])
			rootok = true;
	}
	check(seen >= Math.min(3, Object.keys(c.self).length),
	    c.name + ': ' + seen + ' functions of the table compared');
	check(rootok, c.name + ': no function holds the total ' + c.total);
	await page.close();
}

(async () => {
	const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
	const screens = process.argv[3];
	fs.mkdirSync(screens, { recursive: true });
	const browser = await chromium.launch({
	    executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
	try {
		for (const c of cases)
			await one(browser, c, screens);
	} finally {
		await browser.close();
	}
	console.log('speedscope-browser: ' + passed + ' passed, ' + failed +
	    ' failed');
	process.exit(failed ? 1 : 0);
})().catch(e => {
	console.log('FAIL ' + e.message);
	console.log('speedscope-browser: ' + passed + ' passed, ' +
	    (failed + 1) + ' failed');
	process.exit(1);
});
