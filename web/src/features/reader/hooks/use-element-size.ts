import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Size } from '../page-layout';

/**
 * The content-box size of `ref`'s element, kept current as it resizes. Until it is measured the
 * window's size stands in: the reader fills the window, so its first layout is already right.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const next = { width: element.clientWidth, height: element.clientHeight };
      setSize((current) => (current.width === next.width && current.height === next.height ? current : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
