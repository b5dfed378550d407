/** The news editor: publish in English (required) and Persian (optional), the list newest first, remove. */
import {
  type CreateNews,
  CreateNewsBodySchema,
  NEWS_BODY_MAX,
  NEWS_TITLE_MAX,
  type OpsNewsSchema,
  opsNewsCalls,
} from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import type * as z from 'zod/mini'
import { call } from '#lib/api.ts'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { useCan } from '#lib/session.tsx'

type News = z.infer<typeof OpsNewsSchema>
type Draft = { en: { title: string; body: string }; fa: { title: string; body: string } }

/** The draft as the API takes it: Persian left out when both its fields are empty. */
export function draftToNews(draft: Draft): CreateNews {
  const fa = draft.fa.title.trim() === '' && draft.fa.body.trim() === '' ? undefined : draft.fa
  return fa === undefined ? { en: draft.en } : { en: draft.en, fa }
}

const contractResolver = zodResolver(CreateNewsBodySchema)
/** Checks the draft with the contract's schema, as it will be sent. */
const resolver: Resolver<Draft> = async (values, context, options) => {
  const result = await contractResolver(draftToNews(values), context, options as never)
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors }
    : { values, errors: {} }
}

export function NewsScreen() {
  const client = useQueryClient()
  const canEdit = useCan('operator')
  const list = useQuery({
    queryKey: ['news'],
    queryFn: () => call(opsNewsCalls.list, { query: { limit: 100 } }),
  })
  const remove = useMutation({
    mutationFn: (uid: string) => call(opsNewsCalls.remove, { params: { uid } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['news'] }),
  })
  const columns = useMemo<ColumnDef<News, unknown>[]>(
    () => [
      {
        header: 'Published',
        accessorKey: 'publishedAt',
        cell: (c) => new Date(String(c.getValue())).toLocaleString(),
      },
      {
        header: 'English',
        id: 'en',
        cell: ({ row }) => (
          <div className="stack">
            <strong>{row.original.en.title}</strong>
            <span className="news-body">{row.original.en.body}</span>
          </div>
        ),
      },
      {
        header: 'Persian',
        id: 'fa',
        cell: ({ row }) =>
          row.original.fa ? (
            <div className="stack" dir="rtl" lang="fa">
              <strong>{row.original.fa.title}</strong>
              <span className="news-body">{row.original.fa.body}</span>
            </div>
          ) : (
            <span className="muted">English shown</span>
          ),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          canEdit ? (
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Remove “${row.original.en.title}”? Users will no longer see it.`))
                  remove.mutate(row.original.uid)
              }}
            >
              Remove
            </button>
          ) : null,
      },
    ],
    [canEdit, remove],
  )
  return (
    <section>
      <header className="screen-header">
        <h1>News</h1>
      </header>
      {canEdit ? (
        <NewsEditor onPublished={() => void client.invalidateQueries({ queryKey: ['news'] })} />
      ) : null}
      <MutationError error={remove.error} />
      <DataTable columns={columns} query={list} empty="No news published." />
    </section>
  )
}

const EMPTY: Draft = { en: { title: '', body: '' }, fa: { title: '', body: '' } }

export function NewsEditor({ onPublished }: { onPublished: () => void }) {
  const form = useForm<Draft>({ resolver, defaultValues: EMPTY })
  const publish = useMutation({
    mutationFn: (draft: Draft) => call(opsNewsCalls.publish, { body: draftToNews(draft) }),
    onSuccess: () => {
      form.reset(EMPTY)
      onPublished()
    },
  })
  const errors = form.formState.errors
  const fieldError = (error: unknown, max: number) =>
    error ? <span className="field-error">Required, at most {max} characters</span> : null
  return (
    <form className="card news-editor" onSubmit={form.handleSubmit((draft) => publish.mutate(draft))}>
      <fieldset>
        <legend>English (required)</legend>
        <label>
          Title
          <input {...form.register('en.title')} />
          {fieldError(errors.en?.title, NEWS_TITLE_MAX)}
        </label>
        <label>
          Body
          <textarea rows={4} {...form.register('en.body')} />
          {fieldError(errors.en?.body, NEWS_BODY_MAX)}
        </label>
      </fieldset>
      <fieldset dir="rtl" lang="fa">
        <legend>فارسی (Persian, optional)</legend>
        <label>
          عنوان (title)
          <input {...form.register('fa.title')} />
          {fieldError(errors.fa?.title, NEWS_TITLE_MAX)}
        </label>
        <label>
          متن (body)
          <textarea rows={4} {...form.register('fa.body')} />
          {fieldError(errors.fa?.body, NEWS_BODY_MAX)}
        </label>
      </fieldset>
      <div className="actions">
        <MutationError error={publish.error} inline />
        <button type="submit" className="primary" disabled={publish.isPending}>
          Publish
        </button>
      </div>
    </form>
  )
}
