// pg's own conversion of a value to the text it sends as a parameter (untyped upstream).
declare module "pg/lib/utils.js" {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
