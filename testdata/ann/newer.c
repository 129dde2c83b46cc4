/* newer.c: tests/golden.sh makes this file newer than newer.callgrind. */
int main(void)
{
    return 0;
}
