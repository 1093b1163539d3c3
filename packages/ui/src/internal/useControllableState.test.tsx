import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useControllableState } from './useControllableState.ts';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
}

const setup = (initial: Props) =>
  renderHook(
    ({ value, onChange }: Props) => useControllableState({ value, defaultValue: 'a', onChange }),
    { initialProps: initial },
  );

describe('useControllableState', () => {
  it('keeps its own value when uncontrolled and reports changes', () => {
    const onChange = vi.fn();
    const { result } = setup({ onChange });
    act(() => result.current[1]('b'));
    expect(result.current[0]).toBe('b');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('follows the controlled value and only asks for changes', () => {
    const onChange = vi.fn();
    const { result, rerender } = setup({ value: 'x', onChange });
    act(() => result.current[1]('y'));
    expect(result.current[0]).toBe('x');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('y');
    rerender({ value: 'y', onChange });
    expect(result.current[0]).toBe('y');
  });

  it('does not call onChange when the value does not change', () => {
    const onChange = vi.fn();
    const { result, rerender } = setup({ onChange });
    act(() => result.current[1]('a'));
    expect(onChange).not.toHaveBeenCalled();
    rerender({ value: 'c', onChange });
    act(() => result.current[1]('c'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('compares with Object.is', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() =>
      useControllableState<number>({ value: undefined, defaultValue: Number.NaN, onChange }),
    );
    act(() => result.current[1](Number.NaN));
    expect(onChange).not.toHaveBeenCalled();
    act(() => result.current[1](-0));
    act(() => result.current[1](0));
    expect(onChange.mock.calls).toEqual([[-0], [0]]);
  });

  it('returns a setter with a stable identity that calls the latest onChange', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = setup({ onChange: first });
    const setter = result.current[1];
    rerender({ onChange: second });
    expect(result.current[1]).toBe(setter);
    rerender({ value: 'z', onChange: second });
    expect(result.current[1]).toBe(setter);
    act(() => setter('q'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith('q');
  });
});
