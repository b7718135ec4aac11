import { useCurrentUser } from '../../auth/use-current-user';
import { useMembers } from '../api/get-members';
import { MemberRow } from './member-row';

/** The company's members; its admins change roles and limits here. */
export function MembersList({ canManage, canLeave }: { canManage: boolean; canLeave: boolean }) {
  const { user } = useCurrentUser();
  const { data, isPending, isError, error, hasNextPage, fetchNextPage } = useMembers();
  const members = data?.pages.flatMap((page) => page.members) ?? [];
  if (isPending) return null;
  if (isError)
    return (
      <p role="alert" className="text-sm text-error">
        {error.message}
      </p>
    );
  return (
    <>
      <ul className="flex flex-col gap-2" aria-label="Members">
        {members.map((member) => (
          <MemberRow
            key={`${member.userId}-${member.role}-${member.orderLimit}`}
            member={member}
            canManage={canManage}
            isMe={member.userId === user?.id}
            canLeave={canLeave}
          />
        ))}
      </ul>
      {hasNextPage && (
        <button type="button" className="btn btn-sm btn-ghost mt-2" onClick={() => fetchNextPage()}>
          Load more
        </button>
      )}
    </>
  );
}
