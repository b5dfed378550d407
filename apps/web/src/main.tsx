import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { bootstrap } from './app/bootstrap.ts'
import './components/ui/ui.css'

const context = bootstrap()
const container = document.getElementById('root')
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App context={context} />
    </StrictMode>,
  )
}
