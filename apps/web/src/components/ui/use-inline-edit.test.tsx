import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { useInlineEdit } from './use-inline-edit';

function Item() {
  const { editing, editRef, open, close } = useInlineEdit();
  return editing ? (
    <button type="button" onClick={close}>
      Cancel
    </button>
  ) : (
    <button ref={editRef} type="button" onClick={open}>
      Edit
    </button>
  );
}

it('hands focus back to Edit when the form it opened closes (WCAG 2.4.3)', async () => {
  const user = userEvent.setup();
  render(<Item />);
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
});
