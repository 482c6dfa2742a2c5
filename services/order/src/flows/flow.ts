import type { Database, Logger } from '@inkwell/platform';
import type { StoredPayment } from '../store/purchases';
import { loadSteps, saveDoneSteps, saveFailedStep, saveUndo, type StepLog, type StepRecord } from '../store/purchase-steps';
import { countCompensation, countStep } from './metrics';

/** Why a flow stopped short: a reason the caller maps to an answer, and the sentence for the shopper. */
export interface FlowFailure {
  reason: string;
  message: string;
  /** The processor's kind of failure (CardError, ApiError, …) when a payment failed. */
  kind?: string;
  /** The processor's answer, kept on the purchase. */
  payment?: StoredPayment;
}

/** What a step did: done (with what its undo needs), waiting on someone else (the shopper at their bank), or failed. */
export type StepResult<Output> = { status: 'done'; output: Output } | { status: 'waiting' } | { status: 'failed'; failure: FlowFailure };

/**
 * One step of a flow. `run` must be safe to call again after a crash (every step's effect is keyed
 * by the purchase, so a repeat finds it done); it returns what `undo` needs. Throwing leaves the
 * flow where it is, for the sweeper to resume.
 */
export interface FlowStep<Context, Output = unknown> {
  readonly name: string;
  run(context: Context, log: StepLog): Promise<StepResult<Output>>;
  /** Takes the step's effect back; throwing leaves the undo owed, retried by the sweeper. */
  undo?(context: Context, output: Output, log: StepLog): Promise<void>;
  /**
   * The step changes nothing outside the order database and has no undo: its record is written
   * with the next step's (one statement for both), and a crash before then only runs it again.
   */
  readonly recordWithNext?: boolean;
}

export type FlowResult = { status: 'completed'; log: StepLog } | { status: 'waiting'; step: string; log: StepLog } | { status: 'failed'; failure: FlowFailure; log: StepLog };

export const done = <Output>(output: Output): StepResult<Output> => ({ status: 'done', output });

/** A step's record once done, as kept in a flow's log. */
export const doneRecord = (step: string, output: unknown): StepRecord => ({ step, status: 'done', output, error: null, undoAttempts: 0 });
export const failed = (failure: FlowFailure): StepResult<never> => ({ status: 'failed', failure });
export const waiting: StepResult<never> = { status: 'waiting' };

export interface FlowRun<Context> {
  db: Database;
  logger: Logger;
  purchaseId: string;
  context: Context;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step has its own output type
  steps: ReadonlyArray<FlowStep<Context, any>>;
}

/**
 * Runs a flow's steps in order from the last recorded one (`known`: the record, when the caller has
 * it): a step recorded done is skipped, each
 * outcome is recorded in the order database before the next step starts (one that changes nothing
 * outside it, with the next one's). A failed step has every
 * done step before it undone, last first (see `compensate`).
 */
export async function runFlow<Context>(run: FlowRun<Context>, known?: StepLog): Promise<FlowResult> {
  // A flow that has just started knows its record is empty and need not read it.
  const log = known ?? (await loadSteps(run.db, run.purchaseId));
  const unrecorded: Array<{ step: string; output: unknown }> = [];
  const record = () => saveDoneSteps(run.db, run.purchaseId, unrecorded.splice(0));
  for (const step of run.steps) {
    if (log.get(step.name)?.status === 'done') continue;
    const result = await runStep(step, run.context, log);
    if (result.status === 'waiting') {
      await record();
      return { status: 'waiting', step: step.name, log };
    }
    if (result.status === 'failed') {
      await record();
      await saveFailedStep(run.db, run.purchaseId, step.name, result.failure.message);
      log.set(step.name, { step: step.name, status: 'failed', output: null, error: result.failure.message, undoAttempts: 0 });
      await compensate(run, log);
      return { status: 'failed', failure: result.failure, log };
    }
    log.set(step.name, doneRecord(step.name, result.output));
    unrecorded.push({ step: step.name, output: result.output });
    if (!step.recordWithNext) await record();
  }
  await record();
  return { status: 'completed', log };
}

/** Runs a step and counts how it ended (a step that waits has not ended: its resume counts). */
async function runStep<Context>(step: FlowStep<Context>, context: Context, log: StepLog): Promise<StepResult<unknown>> {
  let result: StepResult<unknown>;
  try {
    result = await step.run(context, log);
  } catch (error) {
    countStep(step.name, 'failed');
    throw error;
  }
  if (result.status !== 'waiting') countStep(step.name, result.status === 'done' ? 'ok' : 'refused');
  return result;
}

/**
 * Undoes the flow's done (and owed) steps, last first. An undo that throws is recorded as owed with
 * its error and the rest go on; the sweeper tries owed undos again with backoff until they are done.
 * Returns the names of the undos still owed.
 */
export async function compensate<Context>(run: FlowRun<Context>, log?: StepLog): Promise<string[]> {
  const steps = log ?? (await loadSteps(run.db, run.purchaseId));
  const owed: string[] = [];
  for (const step of [...run.steps].reverse()) {
    const record = steps.get(step.name);
    if (!step.undo || !record || (record.status !== 'done' && record.status !== 'undo_pending')) continue;
    try {
      await step.undo(run.context, record.output, steps);
      await saveUndo(run.db, run.purchaseId, step.name, null);
      steps.set(step.name, { ...record, status: 'undone', error: null });
      countCompensation(step.name, 'ok');
    } catch (error) {
      countCompensation(step.name, 'failed');
      const message = error instanceof Error ? error.message : String(error);
      await saveUndo(run.db, run.purchaseId, step.name, message);
      steps.set(step.name, { ...record, status: 'undo_pending', error: message, undoAttempts: record.undoAttempts + 1 });
      owed.push(step.name);
      const level = record.undoAttempts + 1 >= 10 ? 'error' : 'warn';
      run.logger[level]({ err: error, purchaseId: run.purchaseId, step: step.name, attempts: record.undoAttempts + 1 }, 'undo of a checkout step failed; the sweeper will try again');
    }
  }
  return owed;
}
