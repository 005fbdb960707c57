/**
 * Callbacks given to a mutation hook itself. Unlike those given to `mutate`, they still
 * run when the component that started the mutation has gone (a deleted row, a row that
 * left the page after a toggle), so the notification is never lost.
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}
