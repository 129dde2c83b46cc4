# lib.sh: helpers the test scripts share; sourced, with $tmp set.
passed=0
failed=0

# result STATUS MESSAGE: counts a check, printing MESSAGE if it failed.
result() {
	if [ "$1" = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $2"
	fi
}

# rows REPORT: the function rows of a --threshold=100 --auto=no report of
# one event, as "file:function<TAB>count", sorted (objects left out: one
# profile may name a function's object where another does not).
rows() {
	awk '/ file:function$/ { getline; on = 1; next }
	    on && NF >= 2 { c = $1; gsub(",", "", c); if (c == ".") c = 0
		sub(/^ *-?[0-9,.]+ (\( *-?[0-9.]+%\))? +/, "")
		sub(/ \[[^]]*\]$/, "")
		print $0 "\t" c }' "$1" | sort
}

# sum_rows FILE: rows of several reports added up by function, without
# the functions that cost nothing (a report shows them as "." or 0).
sum_rows() {
	awk -F'\t' '{ s[$1] += $2 } END { for (f in s) if (s[f]) print f "\t" s[f] }' \
	    "$1" | sort
}

# total REPORT: its PROGRAM TOTALS figure, without commas.
total() {
	awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }' "$1"
}
