// html-test.js: --format=html's pages in Debian's chromium, driven by
// playwright-core (tests/browser/html.sh makes the pages and runs this).
//   node html-test.js CASES.json SCREENS_DIR
// CASES.json: [{name, html, json, folded, kind}], json and folded being
// --format=json and --format=folded with the same options.  Each page is
// loaded from file:// and must fetch nothing and log no error; its table,
// search, sorting, keyboard, callers and callees, source, flame graph and
// (kind "asm") machine code are driven as a person would (kind "flame":
// the flame graph only; "main": that, and main must be in the table;
// "spans": groups whose inclusive cost is a span MIN..MAX must be listed),
// every number shown for a function must be the JSON document's, and the
// flame graph's stacks, in the page's data and as drawn, folded's.  Prints
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

// A group's inclusive cost the call graph only bounds (JSON: "inclusive"
// without the event, "inclusive_min" and "inclusive_max" apart): [MIN,
// MAX], or null.
function jsonSpan(j, r, ev) {
	const lo = r.inclusive_min, hi = r.inclusive_max;
	if (!j.groups || !lo || !hi || lo[ev] === undefined || hi[ev] === undefined ||
	    lo[ev] === hi[ev])
		return null;
	return [lo[ev], hi[ev]];
}

// A row's inclusive count as the page must show it: MIN..MAX for a span.
function inclText(j, r, ev) {
	const b = jsonSpan(j, r, ev), diff = j.diff_base !== null;
	if (b)
		return fmt(b[0], diff) + '..' + fmt(b[1], diff);
	return fmt(r.inclusive[ev], diff);
}

// Every row in view shows the JSON document's figures for it, a span as
// one, marked and explained.
async function rowsMatch(page, c, j, show) {
	const byName = new Map(jsonRows(j).map(x => [x.name, x.r]));
	const cols = await headers(page);
	const rows = await tableRows(page);
	const marks = await page.$$eval('#rows tr:not(.spacer)', trs => trs.map(tr =>
		Array.from(tr.children).map(td => td.classList.contains('span') ?
		td.title : null)));
	let bad = 0, spans = 0;
	for (const [i, cells] of rows.entries()) {
		const r = byName.get(cells[0]);
		if (!r) {
			bad++;
			continue;
		}
		for (const ev of show) {
			if (cells[cols.indexOf(ev + ' self')] !== fmt(r.exclusive[ev], j.diff_base !== null) ||
			    cells[cols.indexOf(ev + ' incl')] !== inclText(j, r, ev))
				bad++;
			const b = jsonSpan(j, r, ev);
			const t = marks[i][cols.indexOf(ev + ' incl')];
			const pct = x => (x / j.totals[ev] * 100).toFixed(2) + '%';
			if (b && (t === null || !t.includes('at least ' + fmt(b[0])) ||
			    !t.includes('at most ' + fmt(b[1])) ||
			    cells[cols.indexOf(ev + ' incl %')] !== pct(b[0]) + '..' + pct(b[1])))
				bad++;
			if (!b && t !== null)
				bad++;
			spans += b ? 1 : 0;
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
	    bad + ' differ of ' + rows.length + (spans ? ', ' + spans + ' spans' : '') + ')');
	if (c.kind === 'spans')
		check(spans > 0 && (await page.textContent('#meta')).includes('MIN..MAX: the ' +
		    j.listing.by + '\'s inclusive cost lies between them'), c.name +
		    ': ' + spans + ' spans shown as MIN..MAX, the header saying what they are');
}

async function sorting(page, c, show) {
	const cols = await headers(page);
	const col = cols.indexOf(show[0] + ' incl');
	await page.click('#headrow th[data-col="' + show[0] + ' incl"] button');
	let rows = await tableRows(page);
	/* A span ranks by its MAX, as the listing does. */
	const num = s => s === '.' ? -Infinity :
	    Number(s.replace(/^.*\.\./, '').replace(/,/g, ''));
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
		if (text !== (kind === 'self' ? fmt(r.exclusive[ev], diff) :
		    inclText(j, r, ev)))
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

// A group whose inclusive cost is a span, chosen: its costs show it, marked,
// and a note under them says what it is.
async function spanDetail(page, c, j, show, shots) {
	const all = jsonRows(j);
	const id = all.findIndex(x => show.some(ev => jsonSpan(j, x.r, ev)));
	if (id < 0)
		return;
	await page.evaluate(id => { location.hash = '#fn=' + id + '&view=callers'; }, id);
	await settle(page);
	await detail(page, c, j, show, id);
	const marked = await page.$$eval('#fn-costs td.span', tds => tds.length);
	const want = show.filter(ev => jsonSpan(j, all[id].r, ev)).length;
	const note = await page.$$eval('#pane p.span-note', ps => ps.map(p => p.textContent));
	check(marked === 2 * want && note.length === 1 && note[0].startsWith('MIN..MAX'),
	    c.name + ': ' + all[id].name + '\'s span is marked (' + marked + ' cells) ' +
	    'and explained under its costs');
	await page.screenshot({ path: path.join(shots, c.name + '-span.png') });
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
		    parseFloat(f.style.width) < 99.9 && parseFloat(f.style.width) > 1);
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

// A frame's name as --format=folded writes it (out.c): ';' as \x3b, a
// control character as an escape.
function foldedName(s) {
	let o = '';
	for (const ch of s) {
		const c = ch.codePointAt(0);
		if (ch === ';')
			o += '\\x3b';
		else if (c === 9 || c === 10 || c === 13)
			o += c === 9 ? '\\t' : c === 10 ? '\\n' : '\\r';
		else if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f))
			o += '\\x' + c.toString(16).padStart(2, '0');
		else
			o += ch;
	}
	return o;
}

// --format=folded's stacks (of a difference, the newer's counts): the
// total of the stacks that begin with each prefix, by its text.
function foldedPrefixes(file, diff) {
	/* A tree of the prefixes first, each frame a number and a map of
	 * its callees' names to theirs (deep stacks make keys of whole
	 * prefixes slow to hash), then each one's text, in the order the
	 * prefixes first appear. */
	const kids = [new Map()], up = [], name = [], sum = [];
	let total = 0;
	for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
		if (line === '')
			continue;
		/* "STACK COUNT", or a difference's "STACK OLD NEW" */
		const m = line.match(diff ? /^([^]*) [0-9]+ ([0-9]+)$/ :
		    /^([^]*) ([0-9]+)$/);
		const n = Number(m[2]), fr = m[1].split(';');
		total += n;
		let at = -1;
		for (const f of fr) {
			let k = kids[at + 1].get(f);
			if (k === undefined) {
				k = up.length;
				kids[at + 1].set(f, k);
				kids.push(new Map());
				up.push(at);
				name.push(f);
				sum.push(0);
			}
			sum[k] += n;
			at = k;
		}
	}
	const pre = new Map(), text = [];
	for (let k = 0; k < up.length; k++) {
		text[k] = up[k] < 0 ? name[k] : text[up[k]] + ';' + name[k];
		pre.set(text[k], sum[k]);
	}
	return { pre: pre, total: total };
}

// The page data's stacks: the total of each frame and all below it, by
// its path's text (frames of one text, as folded's lines, added).
function pageTotals(F) {
	const f = F.frames, path = [], tot = new Map(), sub = [];
	const n = f.length / 3;
	for (let k = 0; k < n; k++) {
		path[k] = (f[3 * k] < 0 ? '' : path[f[3 * k]] + ';') +
		    foldedName(F.names[f[3 * k + 1]][0]);
		sub[k] = f[3 * k + 2];
	}
	for (let k = n - 1; k >= 0; k--)	/* children come after parents */
		if (f[3 * k] >= 0)
			sub[f[3 * k]] += sub[k];
	for (let k = 0; k < n; k++)
		tot.set(path[k], (tot.get(path[k]) || 0) + sub[k]);
	let roots = 0;
	for (let k = 0; k < n; k++)
		if (f[3 * k] < 0)
			roots += sub[k];
	return { tot: tot, roots: roots };
}

// The frames the page drew: each one's path's text, by their places (a
// frame lies under the one above that holds its middle), and its width.
async function drawnFrames(page) {
	const fr = await page.$$eval('#flame .fr', fs => fs.map(f => ({
		depth: Math.round(parseFloat(f.style.top) / 18),
		left: parseFloat(f.style.left), width: parseFloat(f.style.width),
		name: f.getAttribute('aria-label'), anc: f.classList.contains('anc') })));
	const byDepth = [];
	for (const x of fr)
		(byDepth[x.depth] = byDepth[x.depth] || []).push(x);
	for (const x of fr) {
		if (x.depth < 2) {
			x.path = x.depth === 1 ? foldedName(x.name) : '';
			continue;
		}
		const mid = x.left + x.width / 2;
		const up = (byDepth[x.depth - 1] || []).find(p =>
		    p.left <= mid && mid <= p.left + p.width);
		x.parent = up;
	}
	for (const x of fr.slice().sort((a, b) => a.depth - b.depth))
		if (x.depth >= 2)
			x.path = x.parent && x.parent.path !== undefined ?
			    x.parent.path + ';' + foldedName(x.name) : undefined;
	return fr.filter(x => x.depth >= 1);
}

// The flame graph's stacks are --format=folded's: every frame of the
// page's data totals exactly the folded stacks under its path, the page's
// total is folded's, its roots with the rest are the total, and no stack
// prefix of 0.1 % or more is left out (the page merges frames below
// 0.01 % into their parents).  What is drawn is the same: each frame's
// width is its share of the total, the roots' counts (hovered) are
// folded's.  And main, where the table lists it, spans the share the
// table gives its inclusive cost.
async function flameStacks(page, c) {
	if (!c.folded)
		return;
	await page.evaluate(() => { location.hash = '#view=flame'; });
	await settle(page);
	const F = await page.evaluate(() => window.cga.P.flame);
	if (F.none)
		return;
	const want = foldedPrefixes(c.folded, F.newer);
	const got = pageTotals(F);
	let bad = [];
	for (const [k, v] of got.tot)
		if (want.pre.get(k) !== v)
			bad.push(k + ': ' + v + ', folded ' + want.pre.get(k));
	check((got.tot.size > 0 || F.rest === F.total) && bad.length === 0,
	    c.name + ': the page\'s ' +
	    got.tot.size + ' stacks total what folded\'s do under them' +
	    (bad.length ? ' (' + bad.length + ' differ: ' + bad.slice(0, 3).join('; ') +
	    ')' : ''));
	const folds = [...want.pre.keys()].filter(k => !k.includes(';'));
	check(F.total === want.total && got.roots + F.rest === F.total,
	    c.name + ': the page\'s total, ' + F.total + ', is folded\'s, ' +
	    want.total + ', its roots ' + got.roots + ' and the rest ' + F.rest +
	    ' (folded: ' + folds.length + ' roots)');
	const missing = [...want.pre].filter(([k, v]) => v * 1000 >= want.total &&
	    !got.tot.has(k)).map(([k]) => k);
	check(missing.length === 0, c.name + ': no stack of 0.1% or more left ' +
	    'out of the page: ' + missing.slice(0, 3).join('; '));
	// What is drawn.
	const drawn = await drawnFrames(page);
	const rest = drawn.filter(x => x.depth === 1 && x.name.startsWith('(stacks below'));
	const frames = drawn.filter(x => !rest.includes(x));
	const width = new Map();
	for (const x of frames)
		width.set(x.path, (width.get(x.path) || 0) + x.width);
	/* A width reads back with 6 digits (CSS): within 1 in 100,000. */
	const near = (w, n) => Math.abs(w - n / want.total * 100) <=
	    n / want.total * 100 * 1e-5 + 1e-9;
	bad = [];
	for (const [k, w] of width)
		if (k === undefined || !want.pre.has(k) || !near(w, want.pre.get(k)))
			bad.push(k + ': ' + w + '%, folded ' + (want.pre.get(k) /
			    want.total * 100) + '%');
	const shown = [...want.pre].filter(([k, v]) => v * 1000 >= want.total);
	const notDrawn = shown.filter(([k]) => !width.has(k)).map(([k]) => k);
	check((frames.length > 0 || F.rest === F.total) && bad.length === 0 &&
	    notDrawn.length === 0,
	    c.name + ': the ' + frames.length + ' frames drawn are folded\'s ' +
	    'stacks, each as wide as its share (' + bad.length + ' differ: ' +
	    bad.slice(0, 2).join('; ') + '; ' + notDrawn.length + ' of 0.1% or ' +
	    'more not drawn: ' + notDrawn.slice(0, 2).join('; ') + ')');
	check(rest.length === (F.rest > 0 && F.rest / F.total * 100 *
	    (await page.$eval('#flame', b => b.clientWidth)) / 100 >= 0.3 ? 1 : 0) &&
	    rest.every(x => near(x.width, F.rest)),
	    c.name + ': the stacks too small to show are one frame, as wide as ' +
	    'their share');
	const roots = frames.filter(x => x.depth === 1), hovered = new Map();
	const covered = new Set();
	bad = [];
	for (const e of await page.$$('#flame .fr[style*="top: 18px;"]')) {
		await page.mouse.move(0, 0);
		const x = await e.evaluate(f => {
			f.scrollIntoView({ block: 'center' });
			const r = f.getBoundingClientRect();
			return { top: f.style.top, name: f.getAttribute('aria-label'),
			    under: document.elementFromPoint(r.left + r.width / 2,
			    r.top + r.height / 2) === f };
		});
		if (x.top !== '18px' || x.name.startsWith('(stacks below'))
			continue;
		/* A frame too narrow for its border lies under its neighbour. */
		if (!x.under) {
			covered.add(foldedName(x.name));
			continue;
		}
		await e.hover();
		const tip = await page.textContent('#tip');
		const m = tip.split('\n')[1].match(/^\S+ ([0-9,]+) /);
		const k = foldedName(x.name);
		hovered.set(k, (hovered.get(k) || 0) + (m ? Number(m[1].replace(/,/g, '')) : NaN));
	}
	for (const [k, n] of hovered)
		if (!covered.has(k) && (n !== want.pre.get(k) || Number.isNaN(n)))
			bad.push(k + ': ' + n + ', folded ' + want.pre.get(k));
	check((roots.length > 0 || F.rest === F.total) && bad.length === 0,
	    c.name + ': the roots\' counts, ' +
	    'hovered, are folded\'s (' + roots.map(x => x.path).join(', ') + ')' +
	    (bad.length ? ': ' + bad.join('; ') : ''));
	console.log(c.name + ': flame: ' + got.tot.size + ' stacks as folded\'s, ' +
	    frames.length + ' frames drawn, ' + roots.length + ' roots (' +
	    hovered.size + ' hovered)');
	await mainSpan(page, c, frames);
	await piecesHit(page, c, F);
}

// A row of a function whose code is in several files (inlined code), once
// chosen, marks the frames of that function in the flame graph, and only
// those; zoomed into one, the page links each of its rows.
async function piecesHit(page, c, F) {
	const j = JSON.parse(fs.readFileSync(c.json, 'utf8'));
	if (j.groups || F.frames_by !== 'name')
		return;
	const all = jsonRows(j);
	/* The first row whose name another row has in another file. */
	const files = new Map();
	for (const x of all) {
		if (!files.has(x.r.name))
			files.set(x.r.name, new Set());
		files.get(x.r.name).add(x.r.file);
	}
	const id = all.findIndex(x => files.get(x.r.name).size > 1);
	if (id < 0)
		return;
	const fname = all[id].r.name;
	await page.evaluate(id => { location.hash = '#fn=' + id + '&view=flame'; }, id);
	await settle(page);
	const hit = await page.$$eval('#flame .fr.hit', fs => fs.map(f =>
	    f.getAttribute('aria-label')));
	/* Its frames' name: without the callers --separate-callers put in. */
	const label = hit.length ? hit[0] : fname;
	const named = await page.$$eval('#flame .fr', (fs, n) => fs.filter(f =>
	    f.getAttribute('aria-label') === n).length, label);
	check(hit.length > 0 && hit.length === named && hit.every(n => n === label) &&
	    (fname === label || fname.startsWith(label + "'")),
	    c.name + ': choosing ' + all[id].name + ' marks the ' + named +
	    ' frames of ' + label + ' (' + hit.length + ' marked)');
	await page.click('#flame .fr.hit');
	await settle(page);
	const rows = all.filter(x => x.r.name === fname &&
	    x.r.object === all[id].r.object).map(x => x.name);
	const links = await page.$$eval('#zoomed a', as => as.map(a => a.textContent));
	/* Each piece listed, under that name; with callers in names, more. */
	check(rows.every(n => links.includes(n)) && (links.length === rows.length ||
	    fname !== label),
	    c.name + ': zoomed into ' + fname + ', the page links its ' + rows.length +
	    ' rows (' + links.join(', ') + ')');
}

// main's inclusive share in the table, and the width of the frames of main
// (not under another main) in the flame graph, where a frame is a whole
// function (with --group-inlined=no, main's pieces in other files are
// frames, and roots, of their own).
async function mainSpan(page, c, frames) {
	const j = JSON.parse(fs.readFileSync(c.json, 'utf8'));
	const by = await page.evaluate(() => window.cga.P.flame.frames_by);
	if (j.listing.by !== 'function' || j.diff_base !== null || by !== 'name')
		return;
	const row = jsonRows(j).find(x => x.r.name === 'main');
	const mains = frames.filter(x => x.name === 'main' && x.path !== undefined &&
	    x.path.split(';').indexOf('main') === x.path.split(';').length - 1);
	if (!row) {
		check(c.kind !== 'main', c.name + ': main is in the table');
		return;
	}
	await page.fill('#search', row.name);
	const cols = await headers(page);
	const cells = (await tableRows(page)).find(r => r[0] === row.name);
	await page.fill('#search', '');
	const ev = (await page.evaluate(() => window.cga.P.flame.event));
	const pct = cells ? parseFloat(cells[cols.indexOf(ev + ' incl %')]) : NaN;
	const w = mains.reduce((s, x) => s + x.width, 0);
	const said = c.name + ': main spans ' + w.toFixed(4) + '% of the flame ' +
	    'graph, the table says ' + pct + '%';
	console.log(said);
	check(mains.length > 0 && Math.abs(w - pct) <= 0.005 + 1e-9, said);
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
	else if (c.kind === 'flame' || c.kind === 'main') {
		await flame(page, c, shots);
	} else {
		await searching(page, c, j);
		await sorting(page, c, show);
		await rowsMatch(page, c, j, show);
		await choosing(page, c, j, show);
		await page.screenshot({ path: path.join(shots, c.name + '-callers.png') });
		if (c.kind === 'spans')
			await spanDetail(page, c, j, show, shots);
		await source(page, c, j, show, shots);
		await flame(page, c, shots);
		if (c.kind === 'asm')
			await machineCode(page, c, j, show, shots);
		else
			check(!(await page.isVisible('#tabs a[data-view=asm]')), c.name +
			    ': no Machine code tab without --asm');
	}
	await flameStacks(page, c);
	await page.screenshot({ path: path.join(shots, c.name + '-stacks.png') });
	// A link to a state opens in it.
	if (jsonRows(j).length > 1 && c.kind !== 'flame' && c.kind !== 'main') {
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
