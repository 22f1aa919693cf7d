"""The Django benchmarks (`manage.py bench_standings`, `bench_matches`, `bench_live`,
`bench_accounts`): throwaway rows, real servers and workers, figures printed. At the top of the
layers, below the project: a benchmark may measure any app, and no app imports it."""
