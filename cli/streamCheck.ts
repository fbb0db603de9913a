import type { CliIo } from './io.js';
import { UsageError } from './io.js';

/** `hazardproof streamout check TRACE`: validates a recorded message trace against the protocol. */
export function streamCheckCommand(args: string[], io: CliIo): number {
  void args;
  void io;
  throw new UsageError('streamout check is not available yet');
}
