import { useEffect, useRef, useState } from 'react';

/**
 * Forms opened in place by a button (a saved method's or a scheduled payment's Edit, the wallet's "Add a card" and
 * "Add a bank account"), one open at a time: while a form is open, the button that opened it is not rendered; when
 * it closes, focus goes back to that button once it is there again (an effect runs after the commit), so keyboard and
 * screen-reader users stay where they were (WCAG 2.4.3). `K` names the buttons.
 */
export function useInlineEdit<K extends string>() {
  const buttons = useRef({} as Record<K, HTMLButtonElement | null>);
  const [{ opened, refocus }, setState] = useState<{ opened: K | null; refocus: K | null }>({
    opened: null,
    refocus: null,
  });
  useEffect(() => {
    if (opened || !refocus) return;
    setState({ opened: null, refocus: null });
    buttons.current[refocus]?.focus();
  }, [opened, refocus]);
  return {
    /** The open form's button, or null. */
    opened,
    /** The buttons, by name (to focus one after the list it is in moved it). */
    buttons,
    /** The ref of the button `key`. */
    buttonRef: (key: K) => (element: HTMLButtonElement | null) => {
      buttons.current[key] = element;
    },
    open: (key: K) => setState({ opened: key, refocus: null }),
    /** Closes the form; focus returns to its button. */
    close: () => setState({ opened: null, refocus: opened }),
  };
}
