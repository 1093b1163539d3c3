import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { Skeleton, SkeletonGroup } from './Skeleton.tsx';

describe('Skeleton', () => {
  it('draws text lines hidden from assistive technology', () => {
    const { container } = render(<Skeleton lines={3} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.children).toHaveLength(3);
    expect((root.children[2] as HTMLElement).style.width).toBe('60%');
  });

  it('sizes rects and circles', () => {
    const { container } = render(
      <>
        <Skeleton variant="rect" height={80} />
        <Skeleton variant="circle" height={32} />
      </>,
    );
    const [rect, circle] = Array.from(container.children) as HTMLElement[];
    expect(rect?.style.height).toBe('80px');
    expect(rect?.style.width).toBe('100%');
    expect(circle?.getAttribute('data-variant')).toBe('circle');
    expect(circle?.style.width).toBe('32px');
  });

  it('announces a group once with its label', () => {
    render(
      <SkeletonGroup label="Loading disks">
        <Skeleton lines={2} />
      </SkeletonGroup>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading disks');
  });

  it('defaults the group label to "Loading" and has no axe violations', async () => {
    const { container } = render(
      <SkeletonGroup>
        <Skeleton variant="circle" />
        <Skeleton lines={2} />
      </SkeletonGroup>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading');
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
