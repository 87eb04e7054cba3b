import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { useInlineEdit } from './use-inline-edit';

function Item() {
  const edit = useInlineEdit<'edit'>();
  return edit.opened ? (
    <button type="button" onClick={edit.close}>
      Cancel
    </button>
  ) : (
    <button ref={edit.buttonRef('edit')} type="button" onClick={() => edit.open('edit')}>
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

function AddButtons() {
  const add = useInlineEdit<'card' | 'bank'>();
  if (add.opened) {
    return (
      <button type="button" onClick={add.close}>
        Close the {add.opened} form
      </button>
    );
  }
  return (['card', 'bank'] as const).map((kind) => (
    <button key={kind} ref={add.buttonRef(kind)} type="button" onClick={() => add.open(kind)}>
      Add a {kind}
    </button>
  ));
}

it('with several buttons, focus goes back to the one that opened the form', async () => {
  const user = userEvent.setup();
  render(<AddButtons />);
  await user.click(screen.getByRole('button', { name: 'Add a bank' }));
  await user.click(screen.getByRole('button', { name: 'Close the bank form' }));
  expect(screen.getByRole('button', { name: 'Add a bank' })).toHaveFocus();
});
