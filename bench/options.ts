/** `--name=N` from the command line, a positive whole number; exits with a message otherwise. */
export function positiveIntOption(name: string, fallback: number): number {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} wants a positive whole number, got "${arg}"`);
    process.exit(1);
  }
  return value;
}
