/** What other features use of the review queue: when a card entered FOR REVIEW (the Insights page, issue 14 §2). */
export { waitingSinceSql } from './waiting';
