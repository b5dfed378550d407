import { StrictMode } from 'react'
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
  createRoot(container).render(
    <StrictMode>
      <App context={context} />
    </StrictMode>,
  )
}
