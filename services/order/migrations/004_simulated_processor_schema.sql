-- The simulated processor's tables moved to its own schema (simulated_processor), created by its
-- driver only when it is picked (services/order/simulated-processor-migrations). What 002 made here
-- held demo payments only.
DROP TABLE IF EXISTS simulated_payment_events, simulated_refunds, simulated_payments;
