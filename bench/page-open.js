// page-open.js PAGE RUNS: the seconds --format=html's PAGE takes to open in
// headless chromium (from file://, until the page says it is ready: its
// data parsed, its table drawn), the median of RUNS, for bench/run.sh.
// Uses tests/browser's playwright-core and /usr/bin/chromium ($CHROMIUM).
'use strict';
const path = require('path');
const { chromium } = require(path.join(__dirname, '..', 'tests', 'browser',
    'node_modules', 'playwright-core'));

(async () => {
	const [page, runs] = [process.argv[2], Number(process.argv[3] || 3)];
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run',
		    '--disable-background-networking', '--disable-component-update',
		    '--disable-sync']
	});
	const times = [];
	for (let i = 0; i < runs; i++) {
		const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
		const t0 = Date.now();
		await p.goto('file://' + path.resolve(page), { timeout: 120000 });
		await p.waitForSelector('body[data-ready]', { timeout: 120000 });
		times.push((Date.now() - t0) / 1000);
		await p.close();
	}
	await browser.close();
	times.sort((a, b) => a - b);
	console.log(times[Math.floor((times.length - 1) / 2)].toFixed(3));
})().catch(e => {
	console.error('page-open.js: ' + e.message);
	process.exit(1);
});
