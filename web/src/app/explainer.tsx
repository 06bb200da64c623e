/** What the labs' "mail in short" sections share: a kernel function as a link, and a parameter's default in the words. */
import type { ParamSpec } from '../core/types';

/** A kernel function's name as a link to its 6.12 source. */
export function FnLink({ name, href }: { name: string; href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="mono" data-testid={`fn-${name}`}>
      {name}()
    </a>
  );
}

/** A parameter's default from the model's table, so that the words follow the C. */
export function paramDefault(specs: readonly ParamSpec[], name: string, fallback: number): number {
  return specs.find((s) => s.name === name)?.default ?? fallback;
}
