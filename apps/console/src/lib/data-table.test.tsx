import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataTable } from './data-table.tsx'
import { ReasonDialog } from './reason-dialog.tsx'

afterEach(cleanup)

const columns = [{ header: 'Name', accessorKey: 'name' }]

describe('DataTable', () => {
  it('says loading, empty and the error in words, and lists rows', () => {
    const { rerender } = render(
      <DataTable columns={columns} data={undefined} isLoading error={null} empty="Nothing." />,
    )
    expect(screen.getByText('Loading…')).toBeTruthy()
    rerender(<DataTable columns={columns} data={[]} isLoading={false} error={null} empty="Nothing." />)
    expect(screen.getByText('Nothing.')).toBeTruthy()
    const retry = vi.fn()
    rerender(
      <DataTable
        columns={columns}
        data={[]}
        isLoading={false}
        error={new Error('The server is down.')}
        empty=""
        onRetry={retry}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toContain('The server is down.')
    rerender(
      <DataTable columns={columns} data={[{ name: 'sara' }]} isLoading={false} error={null} empty="" />,
    )
    expect(screen.getByRole('cell', { name: 'sara' })).toBeTruthy()
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
