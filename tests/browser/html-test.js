// html-test.js: --format=html's pages in Debian's chromium, driven by
// playwright-core (tests/html.sh makes the pages and runs this).
//   node html-test.js CASES.json SCREENS_DIR
// CASES.json: [{name, html, json, kind}], json being --format=json with the
// same options.  Each page is loaded from file:// and must fetch nothing
// and log no error; its table, search, sorting, keyboard, callers and
// callees, source, flame graph and (kind "asm") machine code are driven as
// a person would, and every number shown for a function must be the JSON
// document's.  Prints
// "html-browser: P passed, F failed".
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

// The JSON output's count as the page writes it: commas, signed in a diff.
function fmt(n, diff) {
	if (n === undefined)
		return '.';
	const s = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return (n < 0 ? '-' : diff && n > 0 ? '+' : '') + s;
}

// The rows of the JSON document, as the page names them.
function jsonRows(j) {
	return (j.groups || j.functions).map(r => ({
		name: j.groups ? r.name : r.file + ':' + r.name, r }));
}

// Waits until the page shows the state its address names.
async function settle(page) {
	await page.waitForFunction(() => document.body.dataset.state === location.hash,
	    null, { timeout: 5000 });
}

async function open(browser, c, hash, errors) {
	const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
	page.on('console', m => {
		if (m.type() === 'error' || m.type() === 'warning')
			errors.push(c.name + ': console ' + m.type() + ': ' + m.text());
	});
	page.on('pageerror', e => errors.push(c.name + ': page error: ' + e.message));
	page.on('dialog', d => {
		errors.push(c.name + ': a dialog opened: ' + d.message());
		d.dismiss();
	});
	await page.route('**/*', route => {
		const u = route.request().url();
		if (u.startsWith('file://'))
			return route.continue();
		errors.push(c.name + ': a request left the page: ' + u);
		return route.abort();
	});
	await page.goto('file://' + path.resolve(c.html) + (hash || ''));
	await page.waitForSelector('body[data-ready]', { timeout: 10000 });
	await settle(page);
	return page;
}

// The cells of the table's rows in view: [name, cells...] each.
async function tableRows(page) {
	return page.$$eval('#rows tr:not(.spacer)', trs => trs.map(tr =>
		Array.from(tr.children).map(td => td.textContent)));
}

async function headers(page) {
	return page.$$eval('#headrow th', ths => ths.map(th => th.dataset.col));
}

// Every row in view shows the JSON document's figures for it.
async function rowsMatch(page, c, j, show) {
	const byName = new Map(jsonRows(j).map(x => [x.name, x.r]));
	const cols = await headers(page);
	const rows = await tableRows(page);
	let bad = 0;
	for (const cells of rows) {
		const r = byName.get(cells[0]);
		if (!r) {
			bad++;
			continue;
		}
		for (const ev of show) {
			if (cells[cols.indexOf(ev + ' self')] !== fmt(r.exclusive[ev], j.diff_base !== null) ||
			    cells[cols.indexOf(ev + ' incl')] !== fmt(r.inclusive[ev], j.diff_base !== null))
				bad++;
			// A share is of the total (a difference's: of the older's).
			const n = r.exclusive[ev], of = j.diff_base === null ? j.totals[ev] : null;
			if (of && cells[cols.indexOf(ev + ' self %')] !==
			    (n === undefined ? '' : (n / of * 100).toFixed(2) + '%'))
				bad++;
		}
		const calls = r.callers.reduce((s, x) => s + x.count, 0);
		if (cells[cols.indexOf('calls')] !== fmt(calls, j.diff_base !== null))
			bad++;
	}
	check(rows.length > 0 && bad === 0, c.name + ': table rows equal the JSON (' +
	    bad + ' differ of ' + rows.length + ')');
}

async function sorting(page, c, show) {
	const cols = await headers(page);
	const col = cols.indexOf(show[0] + ' incl');
	await page.click('#headrow th[data-col="' + show[0] + ' incl"] button');
	let rows = await tableRows(page);
	const num = s => s === '.' ? -Infinity : Number(s.replace(/,/g, ''));
	const desc = rows.every((r, i) => i === 0 || num(rows[i - 1][col]) >= num(r[col]));
	await page.click('#headrow th[data-col="' + show[0] + ' incl"] button');
	rows = await tableRows(page);
	const asc = rows.every((r, i) => i === 0 || num(rows[i - 1][col]) <= num(r[col]));
	const aria = await page.getAttribute('#headrow th[data-col="' + show[0] + ' incl"]', 'aria-sort');
	check(desc && asc && aria === 'ascending', c.name + ': sorting by ' +
	    show[0] + ' incl orders the rows, both ways');
	await page.click('#headrow th[data-col="name"] button');
	rows = await tableRows(page);
	const names = rows.map(r => r[0]);
	check(names.join('\n') === names.slice().sort((a, b) => a < b ? -1 : a > b ? 1 : 0).join('\n'),
	    c.name + ': sorting by name orders the rows by name');
}

async function searching(page, c, j) {
	const all = jsonRows(j);
	if (all.length < 2)
		return;
	const want = all[all.length - 1].name;
	const q = want.slice(want.lastIndexOf(':') + 1);
	await page.fill('#search', q);
	const rows = await tableRows(page);
	const expect = all.filter(x => (x.name + ' ' + (x.r.object || '')).toLowerCase()
	    .includes(q.toLowerCase())).length;
	check(rows.length === expect && rows.some(r => r[0] === want) &&
	    rows.every(r => r[0].toLowerCase().includes(q.toLowerCase()) ||
	    expect !== rows.length), c.name + ': the search for ' + JSON.stringify(q) +
	    ' leaves ' + rows.length + ' rows, expected ' + expect);
	await page.fill('#search', '');
	check((await tableRows(page)).length === Math.min(all.length, (await tableRows(page)).length) &&
	    (await page.textContent('#count')).startsWith(fmt(all.length, false) + ' of'),
	    c.name + ': an empty search shows every row again');
}

// A call table's rows: [function, calls, cost, %, ...].
async function callRows(page, label) {
	return page.$$eval('table[aria-label="' + label + '"] tbody tr', trs =>
		trs.map(tr => Array.from(tr.children).map(td => td.firstChild &&
		    td.firstChild.nodeType === 1 && td.children.length ?
		    td.firstChild.textContent : td.textContent)));
}

async function detail(page, c, j, show, id) {
	const r = jsonRows(j)[id].r, diff = j.diff_base !== null;
	const costs = await page.$$eval('#fn-costs td[data-event]', tds =>
		tds.map(td => [td.dataset.event, td.dataset.kind, td.textContent]));
	let bad = 0;
	for (const [ev, kind, text] of costs)
		if (text !== fmt((kind === 'self' ? r.exclusive : r.inclusive)[ev], diff))
			bad++;
	check(costs.length === 2 * show.length && bad === 0, c.name +
	    ': the chosen function\'s costs equal the JSON');
	for (const which of ['callers', 'callees']) {
		const rows = await callRows(page, which);
		const list = r[which];
		let ok = rows.length === Math.max(list.length, 1);
		list.forEach((x, i) => {
			const cells = rows[i] || [];
			if (cells[0] !== x.function || cells[1] !== fmt(x.count, diff))
				ok = false;
			show.forEach((ev, k) => {
				if (cells[2 + 2 * k] !== fmt(x.cost[ev], diff))
					ok = false;
			});
		});
		check(ok, c.name + ': ' + which + ' of row ' + id + ' equal the JSON');
	}
}

// Chooses the first row with callers by a click, then by the keyboard.
async function choosing(page, c, j, show) {
	const all = jsonRows(j);
	let id = all.findIndex(x => x.r.callers.length > 0 && x.r.callees.length > 0);
	if (id < 0)
		id = 0;
	await page.evaluate(() => { location.hash = '#view=callers'; });
	await settle(page);
	// Only the rows in view are drawn: the search brings the row there.
	await page.fill('#search', all[id].name);
	await page.click('#rows tr[data-id="' + id + '"] td.name');
	await settle(page);
	await page.fill('#search', '');
	check((await page.evaluate(() => location.hash)).includes('fn=' + id),
	    c.name + ': a click on a row chooses it (#fn=' + id + ')');
	await detail(page, c, j, show, id);
	const link = await page.$('table[aria-label="callees"] a');
	if (link) {
		const name = await link.textContent();
		await link.click();
		await settle(page);
		const to = all.findIndex(x => x.name === name);
		check((await page.evaluate(() => location.hash)).includes('fn=' + to) &&
		    (await page.textContent('#pane h2')) === name,
		    c.name + ': a callee\'s link opens that function');
	}
	await page.focus('#scroller');
	await page.keyboard.press('Home');
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('Enter');
	await settle(page);
	const sel = await page.$eval('#rows tr.cur', tr => tr.dataset.id);
	check((await page.evaluate(() => location.hash)).includes('fn=' + sel) &&
	    all.length > 1, c.name + ': arrow keys and Enter choose a row');
}

async function source(page, c, j, show, shots) {
	if (!j.files)
		return;
	const all = jsonRows(j);
	const id = all.findIndex(x => !j.groups && j.files.some(f => f.name === x.r.file) &&
	    fs.existsSync(x.r.file));
	if (id < 0)
		return;
	await page.evaluate(id => { location.hash = '#fn=' + id + '&view=source'; }, id);
	await settle(page);
	const file = j.files.find(f => f.name === all[id].r.file);
	const lines = new Map(file.lines.map(l => [l.line, l.cost]));
	const rows = await page.$$eval('table.src tbody tr[id^=line-]', trs =>
		trs.map(tr => Array.from(tr.children).map(td => td.textContent)));
	let bad = 0, costed = 0;
	for (const cells of rows) {
		const c0 = lines.get(Number(cells[0]));
		show.forEach((ev, k) => {
			const want = c0 ? fmt(c0[ev], j.diff_base !== null) : '';
			if (cells[1 + k] !== want)
				bad++;
		});
		if (c0)
			costed++;
	}
	const src = fs.readFileSync(all[id].r.file, 'utf8').split('\n');
	const textOk = rows.every(cells => cells[cells.length - 1] === src[Number(cells[0]) - 1]);
	check(rows.length > 0 && costed > 0 && bad === 0 && textOk, c.name +
	    ': the source of ' + all[id].name + ' shows its lines and their costs (' +
	    bad + ' differ, ' + costed + ' costed)');
	const sites = await page.$$('table.src tr.site');
	check(sites.length > 0 || !all[id].r.callees.length, c.name +
	    ': the calls made from the lines are under them');
	await page.screenshot({ path: path.join(shots, c.name + '-source.png') });
}

async function flame(page, c, shots) {
	await page.evaluate(() => { location.hash = '#view=flame'; });
	await settle(page);
	const none = await page.$$eval('#pane p.note', ps => ps.map(p => p.textContent)
	    .some(t => t.startsWith('No flame graph')));
	if (none) {
		check(c.kind === 'signed', c.name + ': a flame graph is shown');
		return;
	}
	const n = await page.$$eval('#flame .fr', fs => fs.length);
	check(n > 2, c.name + ': the flame graph has frames (' + n + ')');
	await page.screenshot({ path: path.join(shots, c.name + '-flame.png') });
	// The widest frame below the root with children: hover, then zoom.
	const target = await page.$$eval('#flame .fr:not(.anc)', fs => {
		const f = fs.filter(f => f.dataset.idx !== '0' &&
		    parseFloat(f.style.width) < 99.9 && parseFloat(f.style.width) > 5);
		f.sort((a, b) => parseFloat(b.style.width) - parseFloat(a.style.width));
		return f.length ? f[0].dataset.idx : null;
	});
	if (target === null) {
		check(false, c.name + ': no frame to zoom into');
		return;
	}
	const sel = '#flame .fr[data-idx="' + target + '"]';
	const label = await page.getAttribute(sel, 'aria-label');
	await page.hover(sel);
	const tip = await page.textContent('#tip');
	check(await page.isVisible('#tip') && tip.startsWith(label + '\n') &&
	    /\d+\.\d\d% of all/.test(tip), c.name + ': hovering a frame names it, its cost and share');
	await page.click(sel);
	await settle(page);
	const w = await page.$eval(sel, f => f.style.width);
	check((await page.evaluate(() => location.hash)).includes('zoom=' + target) &&
	    w === '100%' && (await page.textContent('#zoomed')).startsWith('Zoomed into'),
	    c.name + ': clicking a frame zooms into it');
	await page.screenshot({ path: path.join(shots, c.name + '-flame-zoomed.png') });
}

// The JSON output's jump as the page writes it under a source line.
function lineJump(x, file, fn) {
	const t = x.target;
	return (x.conditional ? 'jcnd ' + fmt(x.count) + '/' + fmt(x.executed) + ' taken' :
	    'jump ' + fmt(x.count) + 'x') + ' -> ' + (t.file !== file ? t.file + ':' : 'line ') +
	    (t.line ? fmt(t.line) : '?') + (t.function !== null && t.function !== fn ?
	    ' in ' + t.function : '');
}

// The source view's jumps (under each line) are the JSON file's, in order.
async function sourceJumps(page, c, j, id) {
	const r = jsonRows(j)[id].r;
	const file = j.files.find(f => f.name === r.file);
	const shown = await page.$$eval('table.src tbody tr', trs => trs.map(tr =>
		[tr.id, tr.className, tr.lastChild.textContent]));
	const lines = shown.filter(x => x[0].startsWith('line-')).map(x => Number(x[0].slice(5)));
	const want = [];
	for (const l of file.lines)
		if (l.jumps && lines.includes(l.line))
			for (const x of l.jumps)
				want.push(l.line + ' ' + lineJump(x, file.name, r.name));
	const got = [];
	let at = 0;
	for (const x of shown) {
		if (x[0].startsWith('line-'))
			at = Number(x[0].slice(5));
		else if (x[1] === 'jump')
			got.push(at + ' ' + x[2]);
	}
	check(want.length > 0 && got.join('\n') === want.join('\n'), c.name +
	    ': the jumps under ' + r.name + '\'s source lines are the JSON\'s (' +
	    got.length + ' shown, ' + want.length + ' expected)' +
	    (got.join('\n') === want.join('\n') ? '' : ':\n' + got.join('\n') + '\n--\n' +
	    want.join('\n')));
}

// The machine code view of row id: every instruction's cost, call and jump
// is the JSON document's "instructions", and their total its exclusive cost.
async function asmView(page, c, j, show, id) {
	const r = jsonRows(j)[id].r, name = r.file + ':' + r.name;
	await page.evaluate(id => { location.hash = '#fn=' + id + '&view=asm'; }, id);
	await settle(page);
	const bias = await page.evaluate(n => {
		const a = window.cga.P.asm.functions.find(f => f.file + ':' + f.name === n);
		return a && a.code ? a.bias : null;
	}, name);
	check(bias !== null, c.name + ': the page has ' + name + '\'s machine code');
	if (bias === null)
		return null;
	const rows = await page.$$eval('table.asm tbody tr', trs => trs.map(tr => ({
		cls: tr.className, addr: tr.dataset.addr,
		cells: Array.from(tr.children).map(td => td.textContent) })));
	const recs = new Map(r.instructions.map(x => [String(x.address), x]));
	let bad = 0, costed = 0, calls = 0, jumps = 0;
	const hex = n => '0x' + n.toString(16);
	for (const x of rows) {
		const rec = recs.get(x.addr);
		const last = x.cells[x.cells.length - 1];
		if (x.cls.startsWith('insn')) {
			const own = rec && Object.keys(rec.cost).length ? rec.cost : null;
			show.forEach((ev, k) => {
				if (x.cells[k] !== (own ? fmt(own[ev]) : ''))
					bad++;
			});
			costed += own ? 1 : 0;
		} else if (x.cls === 'site') {
			const want = rec ? rec.calls.map(k => '\u21d2 ' + k.function + ' (' +
			    fmt(k.count) + 'x)') : [];
			if (!want.includes(last))
				bad++;
			calls++;
		} else if (x.cls === 'jump') {
			const want = rec ? rec.jumps.map(k => (k.conditional ? 'jcnd ' +
			    fmt(k.count) + '/' + fmt(k.executed) + ' taken' : 'jump ' +
			    fmt(k.count) + 'x') + ' -> ' + hex(k.target.address - bias) +
			    (k.target.function !== r.name ? ' in ' + k.target.function : '')) : [];
			if (!want.includes(last))
				bad++;
			jumps++;
		}
	}
	const total = rows.find(x => x.cls === 'total');
	const wantCosted = r.instructions.filter(x => Object.keys(x.cost).length).length;
	const wantCalls = r.instructions.reduce((s, x) => s + x.calls.length, 0);
	const wantJumps = r.instructions.reduce((s, x) => s + x.jumps.length, 0);
	check(bad === 0 && costed === wantCosted && calls === wantCalls &&
	    jumps === wantJumps && wantCosted > 0, c.name + ': ' + name +
	    '\'s instructions, calls and jumps are the JSON\'s (' + bad + ' differ; ' +
	    costed + '/' + wantCosted + ' costed, ' + calls + '/' + wantCalls +
	    ' calls, ' + jumps + '/' + wantJumps + ' jumps)');
	// (Of the code of every function of its name in its object: inlined
	// code is its own function in another file.)
	const sum = ev => r.instructions.reduce((s, x) => s + (x.cost[ev] || 0), 0);
	check(total && show.every((ev, k) => total.cells[k] === fmt(sum(ev))),
	    c.name + ': the total of ' + name + '\'s instructions is the JSON\'s');
	return { jumps: jumps, calls: calls, total: total && total.cells };
}

// With --asm: the loop's code (jumps: a branch taken 250 of 1,000 times)
// and a caller's (calls), then the jumps under the loop's source lines.
async function machineCode(page, c, j, show, shots) {
	const all = jsonRows(j);
	const loop = all.findIndex(x => x.r.name === 'loop');
	// A function making calls, and whose object is there (libc's, ld.so's).
	const caller = all.findIndex(x => x.r.name !== 'loop' && x.r.object &&
	    fs.existsSync(x.r.object) && x.r.instructions.some(i => i.calls.length));
	check(loop >= 0 && caller >= 0, c.name + ': loop and a caller are listed');
	if (loop < 0 || caller < 0)
		return;
	check(await page.isVisible('#tabs a[data-view=asm]'), c.name +
	    ': the Machine code tab is shown');
	const got = await asmView(page, c, j, show, loop);
	check(got && got.jumps >= 3, c.name + ': loop\'s jumps are shown (' +
	    (got && got.jumps) + ')');
	check(got && show.every((ev, k) => got.total[k] === fmt(all[loop].r.exclusive[ev])),
	    c.name + ': the total of loop\'s instructions is its exclusive cost');
	const texts = await page.$$eval('table.asm tr.jump', trs =>
		trs.map(tr => tr.lastChild.textContent));
	check(texts.some(t => /^jcnd (250|750)\/1,000 taken -> 0x[0-9a-f]+$/.test(t)),
	    c.name + ': the branch of loop shows its bias, 250 of 1,000');
	await page.screenshot({ path: path.join(shots, c.name + '-asm.png'), fullPage: true });
	const m = await asmView(page, c, j, show, caller);
	check(m && m.calls >= 1, c.name + ': ' + all[caller].name +
	    '\'s calls are shown under their instructions');
	await page.evaluate(id => { location.hash = '#fn=' + id + '&view=source'; }, loop);
	await settle(page);
	await sourceJumps(page, c, j, loop);
	await page.screenshot({ path: path.join(shots, c.name + '-source-jumps.png'),
	    fullPage: true });
}

async function hostile(page, c) {
	const names = await page.$$eval('#rows td.name', tds => tds.map(td => td.textContent));
	check(names.some(n => n.includes('<script>window.__pwned=1;alert(1)</script>')) &&
	    names.some(n => n.includes('</script><script>window.__pwned=2')) &&
	    names.some(n => n.includes('\u2028')) && names.some(n => n.includes('\x1b')),
	    c.name + ': hostile names are shown as text');
	const pwned = await page.evaluate(() => window.__pwned);
	const injected = await page.$$eval('img, iframe, script:not([type])', e => e.length);
	check(pwned === undefined && injected === 1, c.name + ': no script of the profile ran (' +
	    pwned + ', ' + injected + ' scripts)');
}

// In a difference, a rise is "+" and red, a fall "-" and blue.
async function signs(page, c) {
	const cells = await page.$$eval('#rows td.num', tds => tds.map(td =>
		[td.textContent, td.classList.contains('up'), td.classList.contains('down'),
		    getComputedStyle(td).color]));
	const up = cells.filter(x => x[0].startsWith('+'));
	const down = cells.filter(x => x[0].startsWith('-'));
	check(up.length > 0 && down.length > 0 && up.every(x => x[1]) &&
	    down.every(x => x[2]) && up[0][3] !== down[0][3], c.name +
	    ': rises are "+" and one colour, falls "-" and another (' + up.length +
	    ' and ' + down.length + ')');
}

async function large(page, c, j) {
	const total = jsonRows(j).length;
	const inDom = (await tableRows(page)).length;
	await page.$eval('#scroller', s => { s.scrollTop = s.scrollHeight; });
	await page.waitForTimeout(100);
	const rows = await tableRows(page);
	const last = jsonRows(j)[total - 1].name;
	check(total > 10000 && inDom < 200 && rows.some(r => r[0] === last),
	    c.name + ': of ' + total + ' rows ' + inDom + ' are made, and scrolling ' +
	    'to the end shows the last');
}

async function one(browser, c, shots) {
	const j = JSON.parse(fs.readFileSync(c.json, 'utf8'));
	const errors = [];
	const t0 = Date.now();
	const page = await open(browser, c, '', errors);
	const data = await page.evaluate(() => window.cga.P);
	const show = data.show;
	console.log(c.name + ': opened in ' + (Date.now() - t0) + ' ms');
	await page.screenshot({ path: path.join(shots, c.name + '-table.png') });
	await rowsMatch(page, c, j, show);
	if (c.kind === 'hostile')
		await hostile(page, c);
	if (c.kind === 'diff')
		await signs(page, c);
	if (c.kind === 'large')
		await large(page, c, j);
	else {
		await searching(page, c, j);
		await sorting(page, c, show);
		await rowsMatch(page, c, j, show);
		await choosing(page, c, j, show);
		await page.screenshot({ path: path.join(shots, c.name + '-callers.png') });
		await source(page, c, j, show, shots);
		await flame(page, c, shots);
		if (c.kind === 'asm')
			await machineCode(page, c, j, show, shots);
		else
			check(!(await page.isVisible('#tabs a[data-view=asm]')), c.name +
			    ': no Machine code tab without --asm');
	}
	// A link to a state opens in it.
	if (jsonRows(j).length > 1) {
		const p2 = await open(browser, c, '#fn=1&view=callers', errors);
		check((await p2.textContent('#pane h2')) === jsonRows(j)[1].name &&
		    (await p2.getAttribute('#tabs a[data-view=callers]', 'aria-selected')) === 'true',
		    c.name + ': #fn=1&view=callers opens there');
		await p2.close();
	}
	await page.close();
	check(errors.length === 0, c.name + ': no console error, dialog or request: ' +
	    errors.join('; '));
}

(async () => {
	const [cases, shots] = process.argv.slice(2);
	fs.mkdirSync(shots, { recursive: true });
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		// Nothing of chromium's own goes out to a network either.
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic',
		    '--no-first-run', '--disable-background-networking',
		    '--disable-component-update', '--disable-sync']
	});
	for (const c of JSON.parse(fs.readFileSync(cases, 'utf8'))) {
		try {
			await one(browser, c, shots);
		} catch (e) {
			check(false, c.name + ': ' + e.message.split('\n')[0]);
		}
	}
	await browser.close();
	console.log('html-browser: ' + passed + ' passed, ' + failed + ' failed');
	process.exit(failed ? 1 : 0);
})().catch(e => {
	console.log('FAIL ' + e.message);
	console.log('html-browser: 0 passed, 1 failed');
	process.exit(1);
});
