// A theme refused at start: its own module, so that the command line can recognise it
// without loading the template engine.
export class ThemeError extends Error {}
