import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { ReasonDialog } from '#lib/reason-dialog.tsx'

afterEach(cleanup)

const columns = [{ header: 'Name', accessorKey: 'name' }]

const state = (over: Partial<{ data: unknown[]; isLoading: boolean; error: Error | null }>) => ({
  data: undefined,
  isLoading: false,
  error: null,
  refetch: vi.fn(),
  ...over,
})

describe('DataTable', () => {
  it('says loading, empty and the error in words, and lists rows', () => {
    const { rerender } = render(
      <DataTable columns={columns} query={state({ isLoading: true })} empty="Nothing." />,
    )
    expect(screen.getByText('Loading…')).toBeTruthy()
    rerender(<DataTable columns={columns} query={state({ data: [] })} empty="Nothing." />)
    expect(screen.getByText('Nothing.')).toBeTruthy()
    const failed = state({ error: new Error('The server is down.') })
    rerender(<DataTable columns={columns} query={failed} empty="" />)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(failed.refetch).toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toContain('The server is down.')
    rerender(<DataTable columns={columns} query={state({ data: [{ name: 'sara' }] })} empty="" />)
    expect(screen.getByRole('cell', { name: 'sara' })).toBeTruthy()
  })

  it('lists every page of a cursor-paged query and fetches the next one while there is one', () => {
    const fetchNextPage = vi.fn(async () => undefined)
    const paged = {
      ...state({}),
      data: { pages: [{ items: [{ name: 'ali' }] }, { items: [{ name: 'bita' }] }] },
      hasNextPage: true,
      isFetchingNextPage: false,
      fetchNextPage,
    }
    const { rerender } = render(<DataTable columns={columns} query={paged} empty="" more="Older" />)
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ali', 'bita'])
    fireEvent.click(screen.getByRole('button', { name: 'Older' }))
    expect(fetchNextPage).toHaveBeenCalledOnce()
    rerender(<DataTable columns={columns} query={{ ...paged, hasNextPage: false }} empty="" more="Older" />)
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull()
  })
})

describe('MutationError', () => {
  it('shows a failed change in the server’s words, and nothing without one', () => {
    const { rerender, container } = render(<MutationError error={null} />)
    expect(container.textContent).toBe('')
    rerender(<MutationError error={new Error('Invoice is confirmed; reject needs pending')} />)
    expect(screen.getByRole('alert').textContent).toBe('Invoice is confirmed; reject needs pending')
  })
})

describe('ReasonDialog', () => {
  it('refuses to go on without a reason (the contract schema), then passes it on', async () => {
    const submit = vi.fn()
    render(
      <ReasonDialog
        title="Reject"
        confirm="Reject it"
        pending={false}
        onSubmit={submit}
        onCancel={() => undefined}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Reject it' }))
    await waitFor(() => expect(screen.getByText(/A reason of 3 to 500 characters is required/)).toBeTruthy())
    expect(submit).not.toHaveBeenCalled()
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'duplicate accounts' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reject it' }))
    await waitFor(() => expect(submit).toHaveBeenCalledWith('duplicate accounts'))
  })
})
