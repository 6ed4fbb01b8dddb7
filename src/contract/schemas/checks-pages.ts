/**
 * Wide pages of the checks list (a vigil extension the hosted API does not have; its clients never see it):
 * every answer of vigil's GET /v1/checks says in CHECKS_PAGE_MAX_HEADER the largest `limit` it answers
 * (CHECKS_PAGE_MAX; the hosted API's is 100), and `fields=<member>,…` (repeated or comma-separated) makes
 * each check carry only those members. A client uses either only once an answer offered them: the hosted
 * API sends no such header. A module of its own (re-exported by checks.ts) so the console's checks list
 * reads them without building the checks' schemas.
 */
export const CHECKS_PAGE_MAX_HEADER = "x-vigil-page-max";
export const CHECKS_PAGE_MAX = 1000;
export const CHECK_FIELDS_PARAM = "fields";
