-- Number 10 is another branch's migration; this step changes nothing and keeps the numbers without a gap
-- until that branch's 0010 replaces this file where the two meet.
SELECT 1;
