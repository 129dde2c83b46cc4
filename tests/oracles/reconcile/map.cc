// map.cc: a program for tests/oracles/reconcile.sh: std::map and a function
// template of ours, instantiated twice.
#include <cstdio>
#include <map>
#include <string>

template <typename K, typename V>
static V
total(const std::map<K, V> &m)
{
	V s = V();

	for (typename std::map<K, V>::const_iterator it = m.begin();
	    it != m.end(); ++it)
		s += it->second;
	return s;
}

int
main()
{
	std::map<int, long> counts;
	std::map<std::string, double> names;

	for (int i = 0; i < 600; i++)
		counts[(i * 7919) % 211] += i;
	for (int i = 0; i < 60; i++)
		names[std::string(1, (char)('a' + i % 26)) + "x"] += i * 0.5;
	std::printf("%ld %.1f\n", total(counts), total(names));
	return 0;
}
