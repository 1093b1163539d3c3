import { useSearchParams } from 'react-router-dom';

/**
 * One query parameter as state: its value (`null` when absent), and a setter that changes it in
 * place (the history entry is replaced, the other parameters stay); `null` removes it, so a
 * default choice leaves the URL clean.
 */
export function useUrlParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), set];
}
