/** Progress of a listing's check, given as each kernel starts. */
export interface ListingProgress {
  readonly file: string;
  /** The kernel starting now. */
  readonly kernel: string;
  /** Kernels already decided. */
  readonly done: number;
  /** Kernels to decide in all. */
  readonly total: number;
}
