/**
 * The modules the playground's build makes from files of the repository (`playground/tools/build.ts`):
 * the bundled examples, and the package files the library reads (`node/fs.ts`).
 */
declare module 'playground:examples' {
  /** One bundled example: the menu's label, the name it is checked under (its path in the repository), and its text. */
  export interface PlaygroundExample {
    readonly label: string;
    readonly file: string;
    readonly text: string;
  }
  export const EXAMPLES: readonly PlaygroundExample[];
}

declare module 'playground:package-files' {
  /** The package folder the bundle pretends to be in (`/hazardproof`). */
  export const PACKAGE_ROOT: string;
  /** Texts of the package's files the library reads, by path inside the package (`schema/program.schema.json`). */
  export const PACKAGE_FILES: Readonly<Record<string, string>>;
}
