/** Bad input, located: the CLI prints it as `file:line:column: message` and exits 2. */
export class InputError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;

  constructor(file: string, line: number, column: number, message: string) {
    super(`${file}:${line}:${column}: ${message}`);
    this.name = "InputError";
    this.file = file;
    this.line = line;
    this.column = column;
  }
}
