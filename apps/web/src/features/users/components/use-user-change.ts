import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitedRole, IsoDate } from '@vireo/shared';
import { refreshAfter } from '../../../entities/query-keys';
import type { MessageId } from '../../../messages';
import {
  changeAccess,
  changeRole,
  deactivateUser,
  type ManagedUser,
  reactivateUser,
  removeUser,
  transferPrimary,
  type UsersPage,
  userKeys,
} from '../api/users-api';
import { changeFailureBodyId } from '../utils/user-rules';

/** One change to one user, as sent. */
export type UserChange =
  | { kind: 'changeRole'; user: ManagedUser; role: InvitedRole }
  | { kind: 'changeAccess'; user: ManagedUser; accessEndsOn: IsoDate | null }
  | { kind: 'deactivate' | 'reactivate' | 'remove' | 'makePrimary'; user: ManagedUser };

function send(change: UserChange): Promise<ManagedUser> {
  switch (change.kind) {
    case 'changeRole':
      return changeRole(change.user.id, { role: change.role });
    case 'changeAccess':
      return changeAccess(change.user.id, { accessEndsOn: change.accessEndsOn });
    case 'deactivate':
      return deactivateUser(change.user.id);
    case 'reactivate':
      return reactivateUser(change.user.id);
    case 'remove':
      return removeUser(change.user);
    case 'makePrimary':
      return transferPrimary(change.user.id);
  }
}

/** The answer's user in every page of the list on screen (a removed one leaves it), then the server's lists again. */
function showAnswer(queryClient: QueryClient, change: UserChange, user: ManagedUser) {
  queryClient.setQueriesData<UsersPage>({ queryKey: [...userKeys.all, 'list'] }, (page) =>
    page
      ? {
          ...page,
          items:
            change.kind === 'remove'
              ? page.items.filter((item) => item.id !== user.id)
              : page.items.map((item) => (item.id === user.id ? user : item)),
        }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: userKeys.all });
  // the signed-in PRIMARY is an ADMIN now: the profile (and what the shell offers) follows
  if (change.kind === 'makePrimary') refreshAfter(queryClient, 'ownRoleChange');
}

/** Sends a change; the answer updates the list. `onDone` and `onFailed` say what happened. */
export function useUserChange(handlers: {
  onDone: (change: UserChange, user: ManagedUser) => void;
  onFailed: (change: UserChange, bodyId: MessageId) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user, change) => {
      showAnswer(queryClient, change, user);
      handlers.onDone(change, user);
    },
    onError: (error, change) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      handlers.onFailed(change, changeFailureBodyId(error));
    },
  });
}
