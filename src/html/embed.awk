# embed.awk: the page of --format=html as C strings, for build/html_assets.h.
#   awk -v dir=src/html -f embed.awk src/html/page.html
# A line "@FILE:NAME@" of page.html stands for the file NAME of dir (the
# page's CSS in its <style> element, its scripts in <script>); its line
# "@DATA@" is where
# html.c writes the data: the page before it is cga_html_head[], the page
# after it cga_html_tail[], each an array of lines ending in NULL (a line
# each, as ISO C limits a string literal's length).  The files must be
# ASCII: the page's own text has no encoding to go wrong.
function emit(line, where,    out, c, i) {
	if (line ~ /[^\t -~]/) {
		printf "embed.awk: %s: not ASCII\n", where > "/dev/stderr"
		bad = 1
		exit 1
	}
	# A backslash before each of \ " ? (no trigraphs), a character at
	# a time: what gsub makes of backslashes differs between awks.
	out = ""
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		out = out (c == "\\" || c == "\"" || c == "?" ? "\\" : "") c
	}
	line = out
	printf "\t\"%s\\n\",\n", line
}
function insert(path,    line, rc, n) {
	while ((rc = getline line < path) > 0)
		emit(line, path ":" ++n)
	if (rc < 0) {
		printf "embed.awk: cannot read %s\n", path > "/dev/stderr"
		bad = 1
		exit 1
	}
	close(path)
}
BEGIN {
	print "/* Made by src/html/embed.awk from src/html/page.*: do not edit. */"
	print "static const char *const cga_html_head[] = {"
}
/^@FILE:[A-Za-z0-9_.-]+@$/ {
	insert(dir "/" substr($0, 7, length($0) - 7))
	next
}
$0 == "@DATA@" {
	print "\tNULL\n};\nstatic const char *const cga_html_tail[] = {"
	next
}
{ emit($0, FILENAME ":" FNR) }
END {
	if (!bad)
		print "\tNULL\n};"
}
