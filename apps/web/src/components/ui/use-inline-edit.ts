import { useEffect, useRef, useState } from 'react';

/**
 * An item edited in place (a saved method, a scheduled payment): while its form is open, its Edit button is not
 * rendered; when the form closes, focus goes back to Edit once it is there again (an effect runs after the commit), so
 * keyboard and screen-reader users stay where they were (WCAG 2.4.3).
 */
export function useInlineEdit() {
  const editRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState({ editing: false, refocus: false });
  useEffect(() => {
    if (state.editing || !state.refocus) return;
    setState({ editing: false, refocus: false });
    editRef.current?.focus();
  }, [state]);
  return {
    editing: state.editing,
    /** The Edit button. */
    editRef,
    open: () => setState({ editing: true, refocus: false }),
    /** Closes the form; focus returns to Edit. */
    close: () => setState({ editing: false, refocus: true }),
  };
}
