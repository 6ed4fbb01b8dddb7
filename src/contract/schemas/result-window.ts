/**
 * The longest `from`–`to` window of check results the hosted service serves (6 h, in seconds): the results
 * query's rule (check-results.ts) and what the console asks for at most (its analytics bucket, a check's last
 * pass). A module of its own so the console reads it without building the results' schemas.
 */
export const MAX_RESULT_WINDOW_S = 6 * 3600;
