import { Spinner } from '#components/ui/spinner.tsx'

/** While a route chunk or a translation namespace loads. No text: translations may not be there yet. */
export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center">
      <Spinner />
    </div>
  )
}
