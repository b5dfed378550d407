import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { bootstrap } from './app/bootstrap.ts'
import { dismissBootHome } from './lib/boot-home.ts'
import './components/ui/ui.css'

const context = bootstrap()
// index.html's home skeleton gives way to the app's own loading if home is still not drawn (a very slow network).
setTimeout(dismissBootHome, 10_000)
const container = document.getElementById('root')
if (container) {
  const root = createRoot(container)
  // A transition: React yields to the browser every few milliseconds instead of rendering the first screen in one
  // long task, while index.html's skeleton stays on screen (docs/web.md, 'First screen').
  startTransition(() => {
    root.render(
      <StrictMode>
        <App context={context} />
      </StrictMode>,
    )
  })
}
