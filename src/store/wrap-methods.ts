// Decorators over a store without forwarding each method by hand: a new store method is
// decorated the day it is added, and no decorator can forget one.

type Method = (...args: unknown[]) => unknown;

/** Names of every method of `target`, own or inherited, but the constructor. */
function methodNames(target: object): string[] {
  const names = new Set<string>();
  for (let o = target; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      const value = (target as Record<string, unknown>)[name];
      if (name !== "constructor" && typeof value === "function") names.add(name);
    }
  }
  return [...names];
}

/**
 * An object with every method of `target` (bound to it) passed through `wrap` once, here,
 * not on each call; names in `except` are left out for the caller to define.
 */
export function wrapMethods<T extends object>(
  target: T,
  wrap: (name: string, method: Method) => Method,
  except: readonly string[] = [],
): Partial<T> {
  const out: Record<string, Method> = {};
  for (const name of methodNames(target)) {
    if (except.includes(name)) continue;
    const method = (target as Record<string, Method>)[name]!.bind(target);
    out[name] = wrap(name, method);
  }
  return out as Partial<T>;
}

/** Gives `target` every method of `role`, bound to the role: a backend built of role objects. */
export function addRole(target: object, role: object): void {
  Object.assign(
    target,
    wrapMethods(role, (_name, method) => method),
  );
}
